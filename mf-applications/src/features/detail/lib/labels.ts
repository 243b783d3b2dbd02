import type { ApplicationStatus, Participation, PaymentStatus, ProfileType, Reply } from 'shared';

/** Spec §8: shown when signing fails without a server message. */
export const SIGN_ERROR_MESSAGE = 'Ошибка подписи документа';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  none: 'Не оплачена',
  awaiting: 'Ожидает оплаты',
  held: 'Оплачена, деньги у площадки',
  released: 'Зачислена на баланс исполнителя',
  refunded: 'Возвращена на баланс заказчика',
};

const REPLY_STATUS_LABELS: Record<Reply['status'], string> = {
  active: 'Активен',
  withdrawn: 'Отозван',
  rejected: 'Отклонён',
};

/**
 * A reply closed by the end of its deal (`ended`): the customer stopped the work (spec §4), or the
 * executor cancelled it; neither refused nor withdrew the reply itself.
 */
const REPLY_END_LABELS: Record<NonNullable<Reply['ended']>, string> = {
  stopped: 'Работа остановлена',
  cancelled: 'Исполнитель отказался',
};

export const replyStatusLabel = (reply: Pick<Reply, 'status' | 'ended'>): string => (reply.ended ? REPLY_END_LABELS[reply.ended] : REPLY_STATUS_LABELS[reply.status]);

/**
 * The work is accepted (§5: `executed`, then `closed`): the deal can no longer fall through, so a
 * live reply the customer did not choose will never be chosen — no «в резерве», no «остаётся в силе».
 */
export const isDealDone = (status: ApplicationStatus): boolean => status === 'executed' || status === 'closed';

/** What a replier the customer did not choose is told, while the deal may still fall through and once it is done. */
export const passedOverText = (status: ApplicationStatus): string =>
  isDealDone(status)
    ? 'Заказчик выбрал другого исполнителя, и работа по заявке уже принята. Ваш отклик больше не действует.'
    : 'Заказчик выбрал другого исполнителя. Ваш отклик остаётся в силе: если сделка с ним не состоится, заказчик сможет выбрать вас.';

/** The lead of what the detail tells a profile that replied but is no party now. */
const NO_LONGER_PARTY = 'Вы больше не участвуете в этой заявке.';

/**
 * What ended a former replier's part, by the `participation` of `application/get` (the value its lk
 * list shows, `lkStatusLabel`): a stop or its own cancel ended its deal, its reply was not refused.
 */
const PARTED_TEXTS: Partial<Record<Participation, string>> = {
  stopped: `${NO_LONGER_PARTY} Заказчик остановил вашу работу по ней.`,
  cancelled: 'Вы отказались от выполнения этой заявки.',
  rejected: `${NO_LONGER_PARTY} Заказчик отклонил ваш отклик.`,
  withdrawn: 'Вы отозвали свой отклик на эту заявку.',
};

/**
 * The text for a former replier: its `participation`'s, else (an API without it) its last reply's
 * status; then the reason its reply closed with, when one was given (the customer's for a rejection
 * or a stop, its own for a cancel).
 */
export function partedText(participation: Participation | undefined, lastReply: Pick<Reply, 'status' | 'reason'>): string {
  const what = (participation && PARTED_TEXTS[participation]) ?? `${NO_LONGER_PARTY} Ваш отклик: ${REPLY_STATUS_LABELS[lastReply.status].toLowerCase()}.`;
  const reason = lastReply.reason?.trim();
  return reason ? `${what} Причина: ${reason}` : what;
}

export const PROFILE_TYPE_LABELS: Record<ProfileType, string> = {
  customer: 'Частное лицо',
  executor: 'Исполнитель',
  organization: 'Организация',
};

export const PARTY_LABELS = { customer: 'Заказчик', executor: 'Исполнитель' } as const;
