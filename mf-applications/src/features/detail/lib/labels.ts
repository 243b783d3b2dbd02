import type { PaymentStatus, ProfileType, Reply } from 'shared';

/** Spec §8: shown when signing fails without a server message. */
export const SIGN_ERROR_MESSAGE = 'Ошибка подписи документа';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  none: 'Не оплачена',
  awaiting: 'Ожидает оплаты',
  held: 'Оплачена, деньги у площадки',
  released: 'Выплачена исполнителю',
  refunded: 'Возвращена заказчику',
};

export const REPLY_STATUS_LABELS: Record<Reply['status'], string> = {
  active: 'Активен',
  withdrawn: 'Отозван',
  rejected: 'Отклонён',
};

export const PROFILE_TYPE_LABELS: Record<ProfileType, string> = {
  customer: 'Частное лицо',
  executor: 'Исполнитель',
  organization: 'Организация',
};

export const PARTY_LABELS = { customer: 'Заказчик', executor: 'Исполнитель' } as const;
