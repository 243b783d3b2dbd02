import { z } from 'zod';
import { defineCall, listOf } from './define';
import {
  addressSchema,
  documentSchema,
  idListQuery,
  idQuerySchema,
  idSchema,
  isoDateSchema,
  namedRefSchema,
  optionalQueryDate,
  optionalQueryId,
  optionalQueryNumber,
  optionalQueryString,
  paginationQuery,
  sortQuery,
} from './common';
import { lazySchema } from './lazy-schema';
import { todayIn } from './text';

/** Lifecycle of ARCHITECTURE §5. */
export const applicationStatuses = [
  'draft',
  'published',
  'unpublished',
  'executor_named',
  'in_work',
  'on_review',
  'revision',
  'executed',
  'closed',
  'cancelled_by_executor',
  'stopped_by_customer',
] as const;
export const applicationStatusSchema = lazySchema(() => z.enum(applicationStatuses));
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  draft: 'Черновик',
  published: 'Приём откликов',
  unpublished: 'Снята с публикации',
  executor_named: 'Исполнитель выбран',
  in_work: 'В работе',
  on_review: 'На проверке',
  revision: 'На доработке',
  executed: 'Выполнена',
  closed: 'Закрыта',
  cancelled_by_executor: 'Отменена исполнителем',
  stopped_by_customer: 'Остановлена заказчиком',
};

/** What a published application whose reply deadline has passed is called: still listed, but it takes no reply. */
export const REPLIES_OVER_LABEL = 'Приём откликов завершён';

/**
 * A published application whose reply deadline (its last day, a Moscow one: `todayIn`) was before
 * `today`: the server refuses replies to it (lifecycle `repliesOpen`) though it is still published.
 */
export const repliesOverByDate = (application: { status: ApplicationStatus; feedbackDeadline: string | null }, today: string): boolean =>
  application.status === 'published' && application.feedbackDeadline !== null && application.feedbackDeadline < today;

/**
 * The status an application's page and card show: its status's label, but «Приём откликов
 * завершён» once the reply deadline has passed (QA AAE-4: «Приём откликов» beside «…завершён.»).
 * Pages pass `today` from `calendarDateIn` (shared's format: no Intl while a page hydrates, one
 * kept formatter after); the default makes a formatter of its own.
 */
export const applicationStatusLabel = (application: { status: ApplicationStatus; feedbackDeadline: string | null }, today = todayIn(new Date())): string =>
  repliesOverByDate(application, today) ? REPLIES_OVER_LABEL : applicationStatusLabels[application.status];

/** A status's label in running text, after a colon: «Заявка № 10073: на проверке». */
export const applicationStatusInText = (status: ApplicationStatus): string =>
  applicationStatusLabels[status].replace(/^./, (first) => first.toLowerCase());

export const profileTypeSchema = lazySchema(() => z.enum(['customer', 'executor', 'organization'], {
  error: 'Тип профиля: customer, executor или organization',
}));
export type ProfileType = z.infer<typeof profileTypeSchema>;

export const applicationSchema = lazySchema(() => z.object({
  id: idSchema,
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: applicationStatusSchema,
  price: z.number().nullable(),
  deadline: isoDateSchema.nullable(),
  feedbackDeadline: isoDateSchema.nullable(),
  address: addressSchema,
  services: z.array(namedRefSchema),
  customer: namedRefSchema.extend({ type: profileTypeSchema }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was last published (again after a stopped deal too); null for a draft never published. */
  publishedAt: z.string().nullable().optional(),
}));
export type Application = z.infer<typeof applicationSchema>;

export const applicationSortFields = ['name', 'price', 'deadline', 'createdAt'] as const;
export type ApplicationSortField = (typeof applicationSortFields)[number];
/** Page size and sort of `application/get-collection` when the query names none (ARCHITECTURE §3). */
export const applicationListDefaults = { limit: 6, attributeSort: 'name', typeSort: 'asc' } as const satisfies {
  limit: number;
  attributeSort: ApplicationSortField;
  typeSort: 'asc' | 'desc';
};

export const applicationListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(applicationListDefaults.limit),
  ...sortQuery(applicationSortFields, applicationListDefaults.attributeSort, applicationListDefaults.typeSort),
  query: optionalQueryString(),
  services: idListQuery,
  min_price: optionalQueryNumber('Минимальная цена должна быть числом'),
  max_price: optionalQueryNumber('Максимальная цена должна быть числом'),
  /** Due on or before this date. */
  deadline: optionalQueryDate,
  /** A city's FIAS id. */
  address: optionalQueryString(64),
  /** The customer's profile id. */
  customer: optionalQueryId('Укажите корректного заказчика'),
  /** The customer's profile type; `customer` (the client default) includes organisations. */
  type: z.preprocess((v) => (v === '' ? undefined : v), profileTypeSchema.optional()),
}));
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;
export type ApplicationListFilter = z.output<typeof applicationListQuerySchema>;

export const applicationGetCollection = defineCall({
  method: 'GET',
  path: 'application/get-collection',
  auth: 'optional',
  summary: 'Опубликованные заявки (6 на странице, по названию)',
  query: applicationListQuerySchema,
  data: lazySchema(() => listOf(applicationSchema)),
});

/** The public page's data: the application and its public documents. */
export const applicationDetailSchema = lazySchema(() => applicationSchema.extend({ documents: z.array(documentSchema).default([]) }));
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

