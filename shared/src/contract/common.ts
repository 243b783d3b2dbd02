import { z } from 'zod';
import { formatMoney } from '../format/money';
import { installRussianZodMessages } from './locale';
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenCharacters, isoDateSchema, safeText } from './text';
import { lazySchema } from './lazy-schema';

// Here, not in a side-effect-only module: every bundle that uses the contract loads this file,
// so API and client both get Russian default messages.
installRussianZodMessages();

export * from './text';

/** Empty query values (`?min_price=`) mean "not set", as HTML forms send them. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Ids are PostgreSQL `integer`: a larger one in a body is refused here, before it reaches SQL. */
export const INT4_MAX = 2_147_483_647;

export const idSchema = lazySchema(() => z.number().int().positive().max(INT4_MAX, { error: 'Укажите корректный идентификатор' }));

/**
 * A positive integer read from a query string. A larger id than INT4_MAX is well-formed and
 * names no row: the services answer 404 or an empty list for it (MAX_DB_ID in the API).
 */
export const queryId = (message = 'Укажите корректный идентификатор') =>
  z.preprocess(
    // Digits only, as the app writes ids: `Number` also reads '0x10' as 16 and '1e1' as 10.
    (v) => (typeof v === 'string' ? (/^\d+$/.test(v.trim()) ? v.trim() : Number.NaN) : v),
    z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }),
  );

export const optionalQueryId = (message?: string) =>
  z.preprocess(blankToUndefined, queryId(message).optional());

export const idQuerySchema = lazySchema(() => z.object({ id: queryId() }));

/** A key's shape said of what it names («сообщения», «объекта», «заявки»): one wording for every call. */
export const clientKeyMessage = (of: string) => `Ключ ${of} — от 8 до 64 латинских букв, цифр, «-» и «_»`;

/**
 * The client's own name for one create it means to make (shared `newRequestKey`), sent again with
 * it after a send whose answer was lost: the server answers what it made with the key, not a second
 * one. Optional; `message` (clientKeyMessage) says the shape in the call's words.
 */
export const clientKeyField = (message: string) => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: message }).optional();

/** Amounts fit `numeric(14, 2)`: below a trillion. */
export const MAX_AMOUNT = 999_999_999_999;

/** A price over MAX_AMOUNT, refused with the limit named (QA NN-8: «Слишком большая цена» left the user guessing). */
export const PRICE_TOO_LARGE_MESSAGE = `Цена — не больше ${formatMoney(MAX_AMOUNT)}`;

/**
 * Roubles with kopecks at most, within `numeric(14, 2)`; zero is allowed ("price on request"). The
 * lk's bodies and the public catalogue's price filter judge a price with it, in the same words.
 */
export const priceSchema = lazySchema(() => z
  // An emptied field is asked for as the form asks for it; text that is no number is said to be so.
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Укажите цену' : 'Укажите цену числом') })
  .nonnegative({ error: 'Цена не может быть отрицательной' })
  .max(MAX_AMOUNT, { error: PRICE_TOO_LARGE_MESSAGE })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'Цена — не точнее копеек' }));

export const optionalQueryNumber = (message = 'Укажите число') =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .nonnegative({ error: 'Значение не может быть отрицательным' })
      .max(MAX_AMOUNT, { error: 'Слишком большое число' })
      .optional(),
  );

/** A single-line search or filter text; control characters are refused, not passed to the database. */
export const optionalQueryString = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)),
    z
      .string({ error: 'Укажите значение один раз' })
      .max(max, { error: `Не длиннее ${max} символов` })
      .refine((v) => !hasForbiddenCharacters(v), { error: FORBIDDEN_TEXT_MESSAGE })
      .optional(),
  );

/** Comma-separated ids (`services=3,7`); repeated parameters are accepted too. */
export const idListQuery = lazySchema(() => z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v.join(',');
    return blankToUndefined(v);
  },
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: 'Укажите идентификаторы через запятую' })
    .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))].filter((n) => n > 0))
    .refine((ids) => ids.length <= 100, { error: 'Не больше 100 идентификаторов' })
    .optional(),
));

export const typeSortSchema = lazySchema(() => z.enum(['asc', 'desc'], { error: 'Порядок сортировки: asc или desc' }));
export type TypeSort = z.infer<typeof typeSortSchema>;

/** `page` from 1 and `limit` with the list's default page size (spec §9). */
export const paginationQuery = (defaultLimit: number, maxLimit = 100) => ({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Номер страницы должен быть числом' })
      .int({ error: 'Номер страницы должен быть целым числом' })
      .min(1, { error: 'Номер страницы начинается с 1' })
      .default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Размер страницы должен быть числом' })
      .int({ error: 'Размер страницы должен быть целым числом' })
      .min(1, { error: 'Размер страницы не меньше 1' })
      .max(maxLimit, { error: `Размер страницы не больше ${maxLimit}` })
      .default(defaultLimit),
  ),
});

/** Sort parameters of a list: `attributeSort` from the allowed fields, `typeSort` asc|desc. */
export const sortQuery = <const F extends readonly [string, ...string[]]>(fields: F, defaultField: F[number], defaultType: TypeSort = 'asc') => ({
  attributeSort: z.preprocess(
    blankToUndefined,
    z.enum(fields, { error: `Сортировка возможна по полям: ${fields.join(', ')}` }).default(defaultField as never),
  ),
  typeSort: z.preprocess(blankToUndefined, typeSortSchema.default(defaultType)),
});

/** Address of spec §3 (DaData-like suggestion); the same rules serve the forms and the API. */
export const addressSchema = lazySchema(() => z.object({
  /** May be empty: an application without a street address still answers this shape. */
  value: safeText({ max: 500, required: 'Укажите адрес', tooLong: 'Адрес — не длиннее 500 символов' }),
  /** FIAS ids are GUIDs; any short token of letters, digits and dashes is accepted. */
  cityFiasId: z
    .string()
    .regex(/^[0-9A-Za-z-]{1,64}$/, { error: 'Некорректный код города' })
    .nullable(),
  geoLat: z
    .number({ error: 'Широта должна быть числом' })
    .min(-90, { error: 'Широта — от −90 до 90' })
    .max(90, { error: 'Широта — от −90 до 90' })
    .nullable(),
  geoLon: z
    .number({ error: 'Долгота должна быть числом' })
    .min(-180, { error: 'Долгота — от −180 до 180' })
    .max(180, { error: 'Долгота — от −180 до 180' })
    .nullable(),
}));
export type Address = z.infer<typeof addressSchema>;

export const namedRefSchema = lazySchema(() => z.object({ id: idSchema, name: z.string() }));
export type NamedRef = z.infer<typeof namedRefSchema>;

export const optionalQueryDate = lazySchema(() => z.preprocess(blankToUndefined, isoDateSchema.optional()));

export const documentSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Public documents are downloadable by anyone; others only by the parties. */
  public: z.boolean(),
  createdAt: z.string(),
}));
export type DocumentInfo = z.infer<typeof documentSchema>;
