import { z } from 'zod';
import { defineCall, listOf } from './define';
import { idQuerySchema, idSchema, optionalQueryId, optionalQueryString, paginationQuery } from './common';
import { lazySchema } from './lazy-schema';

export const serviceSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  /** The group (a top-level service) this service belongs to; null for groups themselves. */
  parentId: idSchema.nullable(),
  group: z.string().nullable(),
}));
export type Service = z.infer<typeof serviceSchema>;

/** Page size of `service/get-collection` (ARCHITECTURE §3). */
export const serviceListDefaults = { limit: 12 } as const;

export const serviceListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(serviceListDefaults.limit),
  query: optionalQueryString(),
  parentId: optionalQueryId('Укажите корректную группу услуг'),
}));
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;

export const serviceGetCollection = defineCall({
  method: 'GET',
  path: 'service/get-collection',
  auth: 'none',
  summary: 'Каталог услуг (12 на странице, по названию)',
  query: serviceListQuerySchema,
  data: lazySchema(() => listOf(serviceSchema)),
});

export const serviceGet = defineCall({
  method: 'GET',
  path: 'service/get',
  auth: 'none',
  summary: 'Услуга по идентификатору',
  query: idQuerySchema,
  data: serviceSchema,
});
