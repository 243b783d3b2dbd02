import { z } from 'zod';
import { pluralize } from '../format/pluralize';

/**
 * Russian texts for zod issues that have no message of their own. zod's built-in `ru` locale
 * still prints English type names ("ожидалось string"), and its texts echo enum values and
 * unknown keys; these never name a type in English and never repeat the input.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'логическое значение',
  array: 'список',
  tuple: 'список',
  object: 'объект',
  record: 'объект',
  map: 'объект',
  set: 'список',
  date: 'дата',
  file: 'файл',
  null: 'пустое значение',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Укажите корректный адрес электронной почты',
  date: 'Укажите дату в формате ГГГГ-ММ-ДД',
  datetime: 'Укажите дату и время в формате ISO 8601',
  time: 'Укажите время в формате ЧЧ:ММ',
  url: 'Укажите корректный адрес ссылки',
  uuid: 'Укажите корректный идентификатор',
  ipv4: 'Укажите корректный IP-адрес',
  ipv6: 'Укажите корректный IP-адрес',
};

const CHARS = ['символа', 'символов', 'символов'] as const;
const ITEMS = ['элемента', 'элементов', 'элементов'] as const;

function sizeLimit(origin: string, bound: 'max' | 'min', limit: number, inclusive: boolean): string {
  if (origin === 'string') {
    if (bound === 'min' && limit <= 1) return 'Заполните поле';
    return `${bound === 'max' ? 'Не длиннее' : 'Не короче'} ${limit} ${pluralize(limit, CHARS)}`;
  }
  if (origin === 'array' || origin === 'set') {
    if (bound === 'min' && limit <= 1) return 'Выберите хотя бы один элемент';
    return `${bound === 'max' ? 'Не больше' : 'Не меньше'} ${limit} ${pluralize(limit, ITEMS)}`;
  }
  if (origin === 'date') return bound === 'max' ? 'Слишком поздняя дата' : 'Слишком ранняя дата';
  // «Значение больше 0» read as a statement about the value sent, not as what it must be.
  if (bound === 'max') return inclusive ? `Значение должно быть не больше ${limit}` : `Значение должно быть меньше ${limit}`;
  return inclusive ? `Значение должно быть не меньше ${limit}` : `Значение должно быть больше ${limit}`;
}

export function russianIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Обязательное поле';
      const expected = TYPE_NAMES[issue.expected] ?? 'другой тип значения';
      return `Ожидается ${expected}`;
    }
    case 'too_big':
      return sizeLimit(issue.origin, 'max', Number(issue.maximum), issue.inclusive !== false);
    case 'too_small':
      return sizeLimit(issue.origin, 'min', Number(issue.minimum), issue.inclusive !== false);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Неверный формат';
    case 'not_multiple_of':
      return `Значение должно быть кратно ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'Лишние поля в запросе';
    default:
      return 'Недопустимое значение';
  }
}

/**
 * Installs the Russian texts for the zod instance shared by the API and the client. As
 * `customError` they win over any locale loaded later, and lose to a schema's own message.
 */
export function installRussianZodMessages(): void {
  z.config({ customError: (issue) => russianIssueMessage(issue) });
}
