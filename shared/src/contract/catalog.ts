import { z } from 'zod';
import { profileTypeSchema } from './application';
import {
  addressSchema,
  documentSchema,
  idListQuery,
  idQuerySchema,
  idSchema,
  namedRefSchema,
  optionalQueryString,
  paginationQuery,
  sortQuery,
} from './common';
import { defineCall, listOf } from './define';
import { serviceSchema } from './service';
import { lazySchema } from './lazy-schema';

/** A customer's review of a closed application (the executor's page shows the latest). */
export const executorReviewSchema = lazySchema(() => z.object({
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** The application's name: what the work was. */
  applicationName: z.string(),
  at: z.string(),
}));
export type ExecutorReview = z.infer<typeof executorReviewSchema>;

/** ARCHITECTURE §3 "Shapes": `{ id, name, type, services, address }`. */
export const executorSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  /** `executor` (a person) or `organization`. */
  type: profileTypeSchema,
  description: z.string().nullable(),
  services: z.array(namedRefSchema),
  address: addressSchema.nullable(),
  /** Applications this executor has completed (status executed or closed). */
  completedCount: z.number().int().nonnegative(),
  /** Customers' ratings of its closed applications: the mean (one decimal) and how many; null before the first. */
  rating: z.object({ average: z.number(), count: z.number().int().positive() }).nullable().optional(),
  /** `executor/get` only: the latest reviews, newest first (at most EXECUTOR_REVIEWS_SHOWN). */
  reviews: z.array(executorReviewSchema).optional(),
  /**
   * `executor/get` only: an organisation's INN and OGRN (an ИП's ОГРНИП), which the state registers
   * publish, for a customer to check whom he hires; null for a person (his INN is his own).
   */
  registry: z.object({ inn: z.string(), ogrn: z.string().nullable() }).nullable().optional(),
  createdAt: z.string(),
}));
export type Executor = z.infer<typeof executorSchema>;
export const EXECUTOR_REVIEWS_SHOWN = 10;

export const executorSortFields = ['id', 'name', 'createdAt'] as const;
export type ExecutorSortField = (typeof executorSortFields)[number];
/** Page size and sort of `executor/get-collection` when the query names none (ARCHITECTURE §3). */
export const executorListDefaults = { limit: 12, attributeSort: 'id', typeSort: 'asc' } as const satisfies {
  limit: number;
  attributeSort: ExecutorSortField;
  typeSort: 'asc' | 'desc';
};

export const executorListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(executorListDefaults.limit),
  ...sortQuery(executorSortFields, executorListDefaults.attributeSort, executorListDefaults.typeSort),
  query: optionalQueryString(),
  services: idListQuery,
  /** A city's FIAS id. */
  address: optionalQueryString(64),
}));
export type ExecutorListQuery = z.input<typeof executorListQuerySchema>;
export type ExecutorListFilter = z.output<typeof executorListQuerySchema>;

export const executorGetCollection = defineCall({
  method: 'GET',
  path: 'executor/get-collection',
  auth: 'optional',
  summary: 'Исполнители (12 на странице, по идентификатору)',
  query: executorListQuerySchema,
  data: lazySchema(() => listOf(executorSchema)),
});

export const executorGet = defineCall({
  method: 'GET',
  path: 'executor/get',
  auth: 'optional',
  summary: 'Исполнитель по идентификатору',
  query: idQuerySchema,
  data: executorSchema,
});

export const customerSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  /** `customer` (a person) or `organization`. */
  type: profileTypeSchema,
  description: z.string().nullable(),
  address: addressSchema.nullable(),
  /** Published applications of this customer. */
  publishedCount: z.number().int().nonnegative(),
  createdAt: z.string(),
}));
export type Customer = z.infer<typeof customerSchema>;

export const customerListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(12),
  ...sortQuery(['id', 'name'] as const, 'name'),
  query: optionalQueryString(),
}));

export const customerGetCollection = defineCall({
  method: 'GET',
  path: 'customer/get-collection',
  auth: 'optional',
  summary: 'Заказчики',
  query: customerListQuerySchema,
  data: lazySchema(() => listOf(customerSchema)),
});

/** Lookup for the application filter's customer field: up to `limit` names matching `query`. */
export const customerGetCollectionFilter = defineCall({
  method: 'GET',
  path: 'customer/get-collection/filter',
  auth: 'optional',
  summary: 'Поиск заказчиков по названию',
  query: lazySchema(() => z.object({
    query: optionalQueryString(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })),
  // §3's list envelope (`page` 1, `limit` as asked, `total` every match). `total`, `page` and `limit`
  // are optional: an older API answers `items` alone, and a client reads `items` only.
  data: lazySchema(() => listOf(namedRefSchema.extend({ type: profileTypeSchema })).partial({ total: true, page: true, limit: true })),
});

export const customerGet = defineCall({
  method: 'GET',
  path: 'customer/get',
  auth: 'optional',
  summary: 'Заказчик по идентификатору',
  query: idQuerySchema,
  data: customerSchema,
});

/** Lookup for service pickers: services (not groups) whose name matches `query`. */
export const serviceGetCollectionFilter = defineCall({
  method: 'GET',
  path: 'service/get-collection/filter',
  auth: 'none',
  summary: 'Поиск услуг по названию',
  query: lazySchema(() => z.object({
    query: optionalQueryString(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })),
  // §3's list envelope (`page` 1, `limit` as asked, `total` every match). `total`, `page` and `limit`
  // are optional: an older API answers `items` alone, and a client reads `items` only.
  data: lazySchema(() => listOf(serviceSchema).partial({ total: true, page: true, limit: true })),
});

/** ARCHITECTURE §3 "Shapes": `{ id, name, type: { id, name }, address, documents }`. */
export const facilitySchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  type: namedRefSchema,
  description: z.string(),
  address: addressSchema,
  owner: namedRefSchema.extend({ type: profileTypeSchema }),
  /** For a guest (or anyone but the owner) only the public ones. */
  documents: z.array(documentSchema),
  createdAt: z.string(),
  /**
   * True when the caller's active profile owns the facility (its owner, or a director or employee
   * of the owning organisation): it sees the private documents too and may edit and delete.
   */
  editable: z.boolean().default(false),
}));
export type Facility = z.infer<typeof facilitySchema>;

/** The facility page's data: public for anyone, with all documents for the owner. */
export const profileFacilityGet = defineCall({
  method: 'GET',
  path: 'profile/facility/get',
  auth: 'optional',
  summary: 'Объект по идентификатору',
  query: idQuerySchema,
  data: facilitySchema,
});

/** Facilities for the public map: every facility with coordinates, in a bounding box if given. */
export const facilityMapPointSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  type: namedRefSchema,
  geoLat: z.number(),
  geoLon: z.number(),
}));

export const facilityGetMap = defineCall({
  method: 'GET',
  path: 'facility/get-map',
  auth: 'none',
  summary: 'Объекты для карты',
  query: lazySchema(() => z.object({ limit: z.coerce.number().int().min(1).max(1000).default(500) })),
  data: lazySchema(() => z.object({ items: z.array(facilityMapPointSchema) })),
});
