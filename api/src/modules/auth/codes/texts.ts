import type { SmsPurpose } from 'shared/contract';

// Naming the action lets a person notice a code they did not ask for (a phisher relaying it).
const actions: Record<SmsPurpose, string> = {
  register: 'Код для регистрации',
  recovery: 'Код для восстановления пароля',
  phone_change: 'Код для смены номера телефона',
  sign: 'Код для подписания документа',
  executor_cancel: 'Код для отмены работы по заявке',
  invite: 'Код приглашения в организацию',
};

export function smsText(purpose: SmsPurpose, code: string): string {
  return `${actions[purpose]}: ${code}. Никому не сообщайте его.`;
}
