import { type CallContract } from 'shared';
import {
  applicationClose,
  applicationConfirmExecution,
  applicationCreate,
  applicationSetStatusNoPublish,
  applicationStartWorking,
  applicationVerification,
} from 'shared/lk';
import { lkApplicationPaths, PUBLIC_APPLICATIONS } from '../../../lib/lk-paths';
import type { SignedDocumentKind } from './signed-documents';

/** Transitions that take more than the id: each opens its dialog. */
export type DetailDialog = 'revision' | 'stop' | 'review' | 'price' | 'feedback' | 'cancel' | 'delete';

/** The question asked before a call. */
export interface CallConfirm {
  title: string;
  description: string;
  confirmLabel: string;
  /** The step destroys something: the confirm button is red. */
  danger?: boolean;
}

/** Where an allowed action appears: the action bar, or the block that owns it (replies, documents, payment). */
export type ActionArea = 'bar' | 'replies' | 'contract' | 'report' | 'payment';

export type ActionDef = { label: string; area: ActionArea; tone?: 'primary' | 'danger' } & (
  /**
   * `POST {id}`: straight away, or once the question is answered (a step that is hard to undo).
   * `standsOn`: the document the step is taken on (starting work: the contract, accepting it: the
   * report). The version the page shows goes with the call (`seenContract`, `seenReport`), and the
   * question closes when another is shown: the step is not taken on a document its caller has not seen.
   */
  | { kind: 'call'; call: CallContract; success: string; confirm?: CallConfirm; standsOn?: SignedDocumentKind }
  | { kind: 'dialog'; dialog: DetailDialog }
  | { kind: 'link'; href: (id: number) => string }
  /** Made by the block of its area (a reply's buttons, upload, signing, downloads). */
  | { kind: 'block' }
);

/**
 * Every call path of the lifecycle table (application-lifecycle.ts) with its label and handler.
 * The page shows an action only when the server lists it in `allowedActions`; the bar keeps this
 * order, the main step of the work first.
 */
export const ACTIONS: Readonly<Record<string, ActionDef>> = {
  'application/start-working/executor': { label: 'Начать работу', area: 'bar', tone: 'primary', kind: 'call', call: applicationStartWorking, success: 'Работа начата', standsOn: 'contract' },
  'application/confirm-execution': { label: 'Сдать работу на проверку', area: 'bar', tone: 'primary', kind: 'call', call: applicationConfirmExecution, success: 'Работа отправлена на проверку' },
  'application/verification': {
    label: 'Принять работу',
    area: 'bar',
    tone: 'primary',
    kind: 'call',
    call: applicationVerification,
    success: 'Работа принята',
    standsOn: 'report',
    // On review → executed: no revision after it; the review and the close (which pays the executor) follow.
    confirm: {
      title: 'Принять работу?',
      description:
        'Работа будет принята как выполненная, заявка перейдёт в статус «Выполнена», и вернуть её на доработку будет нельзя. Затем нужно будет оставить отзыв и закрыть заявку: при закрытии оплата перечисляется исполнителю.',
      confirmLabel: 'Принять работу',
    },
  },
  'application/review': { label: 'Оставить отзыв', area: 'bar', tone: 'primary', kind: 'dialog', dialog: 'review' },
  'application/close': {
    label: 'Закрыть заявку',
    area: 'bar',
    tone: 'primary',
    kind: 'call',
    call: applicationClose,
    success: 'Заявка закрыта',
    confirm: { title: 'Закрыть заявку?', description: 'Оплата будет перечислена исполнителю, заявка получит статус «Закрыта». Отменить это нельзя.', confirmLabel: 'Закрыть заявку' },
  },
  'application/create': { label: 'Опубликовать', area: 'bar', tone: 'primary', kind: 'call', call: applicationCreate, success: 'Заявка опубликована' },
  'application/send/revision': { label: 'Вернуть на доработку', area: 'bar', kind: 'dialog', dialog: 'revision' },
  'application/draft/upsert': { label: 'Редактировать черновик', area: 'bar', kind: 'link', href: lkApplicationPaths.edit },
  'application/update': { label: 'Редактировать', area: 'bar', kind: 'link', href: lkApplicationPaths.edit },
  'application/update/price': { label: 'Изменить цену', area: 'bar', kind: 'dialog', dialog: 'price' },
  'application/update/feedback': { label: 'Изменить срок приёма откликов', area: 'bar', kind: 'dialog', dialog: 'feedback' },
  'application/set-status/no-publish': {
    label: 'Снять с публикации',
    area: 'bar',
    kind: 'call',
    call: applicationSetStatusNoPublish,
    success: 'Заявка снята с публикации',
    confirm: {
      title: 'Снять заявку с публикации?',
      description: 'Она пропадёт из каталога, и новые отклики не придут. Опубликовать её снова можно через «Редактировать».',
      confirmLabel: 'Снять с публикации',
    },
  },
  // The reply form lives on the public page of the application (mf-catalog).
  'application/reply/send': { label: 'Откликнуться', area: 'bar', tone: 'primary', kind: 'link', href: (id) => `${PUBLIC_APPLICATIONS}/${id}` },
  'application/stop-working/executor': { label: 'Остановить работу исполнителя', area: 'bar', tone: 'danger', kind: 'dialog', dialog: 'stop' },
  'application/cancel/executor': { label: 'Отказаться от заявки', area: 'bar', tone: 'danger', kind: 'dialog', dialog: 'cancel' },
  'application/delete': { label: 'Удалить заявку', area: 'bar', tone: 'danger', kind: 'dialog', dialog: 'delete' },
  // Sent from the executor's cancel dialog.
  'application/cancel/executor/send/sms': { label: 'Получить код', area: 'bar', kind: 'block' },

  'application/named/executor': { label: 'Выбрать исполнителем', area: 'replies', kind: 'block' },
  'application/reply/reject': { label: 'Отклонить', area: 'replies', kind: 'block' },
  'application/reply/remove': { label: 'Отозвать отклик', area: 'replies', kind: 'block' },

  'application/contract/upload': { label: 'Загрузить договор', area: 'contract', kind: 'block' },
  'application/contract/delete': { label: 'Удалить договор', area: 'contract', kind: 'block' },
  'application/contract/send/sms': { label: 'Подписать договор', area: 'contract', kind: 'block' },
  'application/contract/sign': { label: 'Подписать договор', area: 'contract', kind: 'block' },
  'application/contract/download': { label: 'Скачать договор', area: 'contract', kind: 'block' },

  'application/document-report/upload': { label: 'Загрузить отчёт', area: 'report', kind: 'block' },
  'application/document-report/delete': { label: 'Удалить отчёт', area: 'report', kind: 'block' },
  'application/document-report/send/sms': { label: 'Подписать отчёт', area: 'report', kind: 'block' },
  'application/document-report/sign': { label: 'Подписать отчёт', area: 'report', kind: 'block' },
  'application/document-report/download': { label: 'Скачать отчёт', area: 'report', kind: 'block' },

  'application/payment-invoices/download': { label: 'Скачать счёт', area: 'payment', kind: 'block' },
  'application/spb-qr/download': { label: 'QR-код для оплаты', area: 'payment', kind: 'block' },
};

/** The bar's actions among the allowed ones, in the map's order; unknown paths are never shown. */
export function barActions(allowed: readonly string[]): [string, ActionDef][] {
  const set = new Set(allowed);
  return Object.entries(ACTIONS).filter(([path, def]) => set.has(path) && def.area === 'bar' && def.kind !== 'block');
}

export function actionLabel(path: string): string {
  return ACTIONS[path]?.label ?? path;
}
