import { useState, type FormEvent } from 'react';
import {
  apiErrorText,
  bodySchemaOf,
  bus,
  Button,
  FieldRefusalStatus,
  formatMoney,
  isApiError,
  isProfileChanged,
  isStale,
  parsePrice,
  profileLabel,
  quoted,
  TextAreaField,
  TextField,
  useFieldRefusal,
  useFocusFirstInvalid,
  useOpenedAs,
  useSessionStore,
  useSwitchProfile,
  zodReady,
  type SessionProfile,
} from 'shared';
import { applicationReplySend, FormDialog, PRICE_CHANGED } from 'shared/lk';
import { useSendReply } from '../api/send-reply';

const schema = bodySchemaOf(applicationReplySend);

export interface ReplyDialogProps {
  applicationId: number;
  /** The application's price as the page shows it (null: «Цена договорная»): a reply without its own agrees to it. */
  seenPrice: number | null;
  onClose: () => void;
  onSent: () => void;
}

/**
 * What the dialog says once another profile is active than the one it was opened as: for whom the
 * reply was written, and whether a switch back can send it.
 */
export function replyOwnerNotice(openedAs: SessionProfile, stillMine: boolean): string {
  const whose = `Отклик пишется от имени профиля ${quoted(profileLabel(openedAs))}`;
  return stillMine ? `${whose}, а активен теперь другой профиль: переключитесь на него, чтобы отправить` : `${whose}, к которому у вас больше нет доступа: отправить его нельзя`;
}

/**
 * The dialog's lead: an organisation's member is told he replies in its name (on a phone the active
 * profile is out of sight); once the organisation is his no more, only that the reply was written
 * for it, beside the notice that it cannot go (QA AAW-1).
 */
function replyDescription(organization: string | null, organizationGone: boolean): string {
  if (!organization) return 'Заказчик увидит цену и комментарий и сможет выбрать вас исполнителем.';
  if (organizationGone) return `Отклик писался от имени организации ${organization}.`;
  return `Вы откликаетесь от имени организации ${organization}. Заказчик увидит цену и комментарий и сможет выбрать её исполнителем.`;
}

/** The executor's reply: a price (optional: else the application's) and a required comment. */
export function ReplyDialog({ applicationId, seenPrice, onClose, onSent }: ReplyDialogProps) {
  const [price, setPrice] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'price' | 'comment', string>>>({});
  const [alert, setAlert] = useState<string>();
  const send = useSendReply(applicationId);
  // The reply goes as the active profile: one switched meanwhile (in another tab, or the director
  // removed him from the organisation) would send what was written for the other (QA RR-1). The
  // dialog keeps the text, sends nothing and offers the switch back.
  const { openedAs, switchedAway, stillMine } = useOpenedAs();
  const current = useSessionStore((s) => s.activeProfile);
  const { switchTo, pending: switching } = useSwitchProfile();
  const ownerNotice = switchedAway && openedAs ? replyOwnerNotice(openedAs, stillMine !== null) : undefined;
  // The server's word that another profile is active (409 profile_changed) stands until this tab
  // knows it too: the owner notice says it from then on, and once the switch back is made nothing
  // stale («…сейчас «Исполнитель»») comes back in its place (QA VV-2).
  const [profileChanged, setProfileChanged] = useState<string>();
  if (profileChanged && ownerNotice) setProfileChanged(undefined);
  // A member of an organisation replies in its name: said, as the active profile is out of sight
  // on a phone (in the account menu) and he may have an executor profile of his own as well.
  const writer = openedAs ?? current;
  const organization = writer?.type === 'organization' ? writer.name : null;
  // A refused submit (the check here or the server's): the first invalid field takes the focus.
  const refused = useFocusFirstInvalid();
  // Sent with Enter from the first invalid field (or pressed while it keeps the focus), the focus is
  // there already and reads nothing: its message is said as a status.
  const refusal = useFieldRefusal();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (ownerNotice) return;
    const form = event.currentTarget;
    // The schema needs zod, which a public page fetches after its first paint (shared/src/zod/on-demand.ts).
    try {
      await zodReady();
    } catch (error) {
      setAlert(apiErrorText(error));
      return;
    }
    const parsed = schema.safeParse({ id: applicationId, price: parsePrice(price), comment, seenPrice });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'price' || field === 'comment') && !next[field]) next[field] = issue.message;
      }
      refusal.refuse(next);
      setErrors(next);
      refused(form);
      return;
    }
    setErrors({});
    setAlert(undefined);
    setProfileChanged(undefined);
    send.mutate(parsed.data, {
      // Its toast is useSendReply's: said also when the dialog was closed while the reply went.
      onSuccess: onSent,
      onError: (error) => {
        // Another profile is active than the one this tab showed (its socket had not told it): the
        // shell reads the profiles again, and the dialog, keeping the text, says for whom it was written.
        if (isProfileChanged(error)) return setProfileChanged(apiErrorText(error));
        // The customer changed the price since the page was read: the page reads it again (and this
        // dialog's hint with it), and the dialog stays with what was typed, to be sent knowingly.
        if (isApiError(error) && error.code === PRICE_CHANGED) {
          setAlert(apiErrorText(error));
          return;
        }
        // The page was behind the server (the application unpublished, deleted or replied to in
        // another tab): the dialog closes on the server's word and the page shows where things
        // stand (useSendReply reads the application again), instead of offering a send that fails.
        if (isStale(error)) {
          bus.emit('toast:show', { type: 'error', message: apiErrorText(error) });
          return onClose();
        }
        const fields = (error as { errors?: Record<string, string> }).errors ?? {};
        refusal.refuse({ price: fields.price, comment: fields.comment });
        setErrors({ price: fields.price, comment: fields.comment });
        setAlert(apiErrorText(error));
        if (fields.price || fields.comment) refused(form);
      },
    });
  };

  return (
    <FormDialog
      title="Отклик на заявку"
      description={replyDescription(organization, ownerNotice !== undefined && !stillMine)}
      submitLabel="Отправить отклик"
      pending={send.isPending}
      alert={ownerNotice ?? profileChanged ?? alert}
      submitDisabled={ownerNotice !== undefined}
      onSubmit={onSubmit}
      // A field changed: its message of the last refusal no longer says what it holds (QA SSS-3).
      onFieldChange={(name) => {
        if (name === 'price' || name === 'comment') setErrors(({ [name]: _changed, ...rest }) => rest);
      }}
      onClose={onClose}
    >
      {ownerNotice && stillMine && (
        <Button variant="secondary" loading={switching} onClick={() => switchTo(stillMine)}>
          {`Переключиться на профиль ${quoted(profileLabel(stillMine))}`}
        </Button>
      )}
      <TextField
        name="price"
        label="Ваша цена, ₽ (необязательно)"
        hint={seenPrice ? `Без цены остаётся цена заявки: ${formatMoney(seenPrice)}` : 'Без цены остаётся цена заявки: договорная'}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={errors.price}
      />
      <TextAreaField
        name="comment"
        label="Комментарий"
        textareaClassName="reply-form__comment"
        maxLength={2000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={errors.comment}
      />
      <FieldRefusalStatus said={refusal.said} />
    </FormDialog>
  );
}
