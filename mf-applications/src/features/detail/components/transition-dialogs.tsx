import { apiRequest, bodySchemaOf, SMS_SEND_ERROR_MESSAGE, useLeaveSpentPage, type ApplicationLkDetail } from 'shared';
import {
  applicationCancelExecutor,
  applicationCancelExecutorSendSms,
  applicationDelete,
  applicationSendRevision,
  applicationStopWorking,
} from 'shared/lk';
import { DELETED_MESSAGE, DeleteApplicationDialog } from '../../../components/delete-application-dialog';
import { useForgetApplication } from '../../../lib/forget-application';
import { movedBy } from '../api/use-detail-action';
import { useDialogAction } from '../hooks/use-dialog-action';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import type { DetailDialog } from '../lib/action-map';
import { CommentDialog } from './comment-dialog';
import { ReviewDialog } from './review-dialog';
import { SmsConfirmDialog } from './sms-confirm-dialog';
import { FeedbackDialog, PriceDialog } from './terms-dialogs';

const revisionSchema = bodySchemaOf(applicationSendRevision);
const stopSchema = bodySchemaOf(applicationStopWorking);
const cancelSchema = bodySchemaOf(applicationCancelExecutor);

function DeleteDialog({ applicationId, draft, onClose }: { applicationId: number; draft: boolean; onClose: () => void }) {
  const leaveFor = useLeaveSpentPage();
  const forget = useForgetApplication();
  // Spec §2: after deleting an application the customer lands on the list.
  const { submit, pending, alert } = useDialogAction(onClose, () => leaveFor(lkApplicationPaths.list));
  return (
    <DeleteApplicationDialog
      draft={draft}
      pending={pending}
      alert={alert}
      onConfirm={() =>
        submit({
          run: () => apiRequest(applicationDelete, { query: { id: applicationId } }),
          success: DELETED_MESSAGE,
          // Not refetched while the page is still up: it is gone (a 404).
          refresh: () => forget(applicationId),
        })
      }
      onClose={onClose}
    />
  );
}

export interface TransitionDialogProps {
  dialog: DetailDialog;
  detail: ApplicationLkDetail;
  onClose: () => void;
}

/** The dialog of a bar action that needs input (action-map.ts `kind: 'dialog'`). */
export function TransitionDialog({ dialog, detail, onClose }: TransitionDialogProps) {
  const leaveFor = useLeaveSpentPage();
  const id = detail.id;
  switch (dialog) {
    case 'revision':
      return (
        <CommentDialog
          title="Вернуть на доработку"
          description="Исполнитель увидит комментарий и продолжит работу."
          label="Что нужно доработать"
          submitLabel="Вернуть на доработку"
          schema={revisionSchema}
          toBody={(comment) => ({ id, comment })}
          request={(body) => ({ run: () => apiRequest(applicationSendRevision, { body }), success: 'Заявка возвращена на доработку', landed: movedBy('application/send/revision', detail) })}
          onClose={onClose}
        />
      );
    case 'stop':
      return (
        <CommentDialog
          title="Остановить работу исполнителя"
          description="Исполнитель будет снят с заявки. Если заявка оплачена, деньги вернутся на ваш баланс."
          label="Причина (необязательно)"
          submitLabel="Остановить работу"
          schema={stopSchema}
          toBody={(comment) => (comment.trim() ? { id, comment } : { id })}
          request={(body) => ({ run: () => apiRequest(applicationStopWorking, { body }), success: 'Работа исполнителя остановлена', landed: movedBy('application/stop-working/executor', detail) })}
          onClose={onClose}
        />
      );
    case 'cancel':
      return (
        <SmsConfirmDialog
          title="Отказаться от заявки"
          description="Подтвердите отказ кодом из СМС. Если заявка оплачена, деньги вернутся заказчику."
          submitLabel="Отказаться от заявки"
          danger
          codePurpose={`cancel:${id}`}
          commentLabel="Причина (необязательно)"
          commentCheck={{ field: 'reason', schema: cancelSchema, body: (code, reason) => ({ id, code, ...(reason ? { reason } : {}) }) }}
          sendCode={() => apiRequest(applicationCancelExecutorSendSms, { body: { id }, errorMessage: SMS_SEND_ERROR_MESSAGE })}
          confirm={(code, reason) => ({
            run: () => apiRequest(applicationCancelExecutor, { body: reason ? { id, code, reason } : { id, code } }),
            success: 'Вы отказались от заявки',
            // A lost answer: his part, read again, shows the cancel made.
            landed: { id, part: 'cancelled' },
          })}
          onClose={onClose}
          // Spec §2: after a cancel, the list.
          onDone={() => leaveFor(lkApplicationPaths.list)}
        />
      );
    case 'review':
      return <ReviewDialog applicationId={id} review={detail.review} onClose={onClose} />;
    case 'price':
      return <PriceDialog applicationId={id} price={detail.price} named={detail.status === 'executor_named'} onClose={onClose} />;
    case 'feedback':
      return <FeedbackDialog applicationId={id} feedbackDeadline={detail.feedbackDeadline} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog applicationId={id} draft={detail.status === 'draft'} onClose={onClose} />;
  }
}
