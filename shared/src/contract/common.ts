import { z } from 'zod';

/** Empty query values (`?min_price=`) mean "not set", as HTML forms send them. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const idSchema = z.number().int().positive();

/** A positive integer read from a query string. */
export const queryId = (message = 'Укажите корректный идентификатор') =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const optionalQueryId = (message?: string) =>
  z.preprocess(blankToUndefined, queryId(message).optional());

export const idQuerySchema = z.object({ id: queryId() });

export const optionalQueryNumber = (message = 'Укажите число') =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).nonnegative({ error: 'Значение не может быть отрицательным' }).optional());

export const optionalQueryString = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)),
    z.string().max(max, { error: `Не длиннее ${max} символов` }).optional(),
  );

/** Comma-separated ids (`services=3,7`); repeated parameters are accepted too. */
export const idListQuery = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v.join(',');
    return blankToUndefined(v);
  },
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: 'Укажите идентификаторы через запятую' })
    .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))].filter((n) => n > 0))
    .optional(),
);

export const typeSortSchema = z.enum(['asc', 'desc'], { error: 'Порядок сортировки: asc или desc' });
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

/** Address of spec §3 (DaData-like suggestion). */
export const addressSchema = z.object({
  value: z.string(),
  cityFiasId: z.string().nullable(),
  geoLat: z.number().nullable(),
  geoLon: z.number().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** ISO calendar date `YYYY-MM-DD`. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const optionalQueryDate = z.preprocess(
  blankToUndefined,
  z.iso.date({ error: 'Укажите дату в формате ГГГГ-ММ-ДД' }).optional(),
);

export const documentSchema = z.object({
  id: idSchema,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Public documents are downloadable by anyone; others only by the parties. */
  public: z.boolean(),
  createdAt: z.string(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;
