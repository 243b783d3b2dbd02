/** Spec §8: the fallback when sending an SMS code fails without a server message. */
export const SMS_SEND_ERROR_MESSAGE = 'Не удалось отправить код';
