import { z } from 'zod';
import { defineCall, listOf } from './define';
import { idQuerySchema, idSchema, optionalQueryId, optionalQueryString, paginationQuery, sortQuery, type TypeSort } from './common';
import { lazySchema } from './lazy-schema';

export const serviceSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  /** The group (a top-level service) this service belongs to; null for groups themselves. */
  parentId: idSchema.nullable(),
  group: z.string().nullable(),
}));
export type Service = z.infer<typeof serviceSchema>;

/** By name alone: the catalogue is grouped, and `desc` reverses the groups and the services in each. */
export const serviceSortFields = ['name'] as const;
export type ServiceSortField = (typeof serviceSortFields)[number];
/** Page size and sort of `service/get-collection` when the query names none (ARCHITECTURE §3). */
export const serviceListDefaults = { limit: 12, attributeSort: 'name', typeSort: 'asc' } as const satisfies {
  limit: number;
  attributeSort: ServiceSortField;
  typeSort: TypeSort;
};

export const serviceListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(serviceListDefaults.limit),
  ...sortQuery(serviceSortFields, serviceListDefaults.attributeSort, serviceListDefaults.typeSort),
  query: optionalQueryString(),
  parentId: optionalQueryId('Укажите корректную группу услуг'),
  /** A city's FIAS id: the services an executor there offers, under their groups' headings. */
  address: optionalQueryString(64),
}));
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
export type ServiceListFilter = z.output<typeof serviceListQuerySchema>;

export const serviceGetCollection = defineCall({
  method: 'GET',
  path: 'service/get-collection',
  auth: 'none',
  summary: 'Каталог услуг (12 на странице, по группам и названию; в городе — услуги его исполнителей)',
  query: serviceListQuerySchema,
  data: lazySchema(() =>
    listOf(serviceSchema).extend({
      /**
       * How many services proper were found (rows with a `parentId`): what the catalogue counts for
       * a visitor («Найдено 30 услуг»). `total` counts every row, the groups' own among them, and
       * pages by it. Optional: an older API leaves it out, and a client reads `total` instead.
       */
      serviceTotal: z.number().int().nonnegative().optional(),
    }),
  ),
});

export const serviceGet = defineCall({
  method: 'GET',
  path: 'service/get',
  auth: 'none',
  summary: 'Услуга по идентификатору',
  query: idQuerySchema,
  data: serviceSchema,
});
