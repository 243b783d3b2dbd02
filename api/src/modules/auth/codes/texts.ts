import type { SmsPurpose } from 'shared/contract';

// Naming the action lets a person notice a code they did not ask for (a phisher relaying it).
const actions: Record<SmsPurpose, string> = {
  register: 'Код для регистрации',
  recovery: 'Код для восстановления пароля',
  phone_change: 'Код для смены номера телефона',
  sign: 'Код для подписания документа',
  executor_cancel: 'Код для отказа от заявки',
  invite: 'Код приглашения в организацию',
};

/** `about` names the thing the code is for («№ 10075» after «отказа от заявки»). */
export function smsText(purpose: SmsPurpose, code: string, about?: string): string {
  return `${actions[purpose]}${about ? ` ${about}` : ''}: ${code}. Никому не сообщайте его.`;
}
