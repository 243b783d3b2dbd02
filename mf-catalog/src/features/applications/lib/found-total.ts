import { pluralize } from 'shared';
import { moreThanCapText } from '../../../lib/list-total';

const APPLICATION_FORMS = ['заявка', 'заявки', 'заявок'] as const;

/**
 * «Найдено 12 заявок», «Заявок не найдено» for none (the results announce it, the head's
 * description says it); when the API only knows the total passed its cap, «Найдено больше 10 000 заявок».
 */
export function formatFoundTotal(total: number, exact = true): string {
  if (!exact) return `Найдено ${moreThanCapText(APPLICATION_FORMS)}`;
  if (total === 0) return 'Заявок не найдено';
  const verb = pluralize(total, ['Найдена', 'Найдено', 'Найдено']);
  return `${verb} ${total} ${pluralize(total, APPLICATION_FORMS)}`;
}
