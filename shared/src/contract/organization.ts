import { z } from 'zod';
import { mobilePhoneSchema, sessionUserSchema } from './auth';
import { addressSchema, idQuerySchema, idSchema, isBlankText, optionalQueryString, paginationQuery, safeText, sortQuery } from './common';
import { defineCall, listOf } from './define';
import { profileSchema } from './user';
import { innError, kppError, ogrnAgainstInnError, ogrnError, ogrnipError, REQUISITE_MESSAGES } from '../requisites/messages';
import { normalizeDigits } from '../requisites/checks';
import { lazySchema } from './lazy-schema';

/**
 * Organisations and their employees (ARCHITECTURE §8 "Cabinet"). An organisation is a profile of
 * type `organization`; its director (`profiles.user_id`) manages it and its staff, employees act
 * for it once they have switched to it. The organisation calls act on the caller's active profile
 * except `create` and those that name one by `id` (it must then be the active one).
 * Invites: the director sends a code by SMS (`employee/invite`); the invitee checks, approves or
 * declines it (`user/invite/code/*`); the director withdraws a pending one (`invite/delete`).
 */

const checked = (required: string, error: (value: string) => string | null) =>
  z
    .string({ error: required })
    .transform((v) => normalizeDigits(v).toUpperCase())
    .superRefine((value, ctx) => {
      const message = error(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** INN: 10 digits (a legal entity) or 12 (an individual entrepreneur), with its control digits. */
export const innSchema = lazySchema(() => checked(REQUISITE_MESSAGES.innRequired, innError));
/** KPP: 9 characters, digits with capital Latin letters allowed in places 5–6. */
export const kppSchema = lazySchema(() => checked(REQUISITE_MESSAGES.kppFormat, (v) => (v ? kppError(v) : REQUISITE_MESSAGES.kppFormat)));
/** OGRN: 13 digits (ОГРН), or 15 (ОГРНИП), with its control digit. */
export const ogrnSchema = lazySchema(() => checked(REQUISITE_MESSAGES.ogrnFormat, (v) => (v.length === 15 ? ogrnipError(v) : ogrnError(v))));

/** Blank, or only characters that show nothing («\u200b»): the field is left empty, as when not given. */
const blankToNull = (v: unknown) => (typeof v === 'string' && isBlankText(v) ? null : v);
const optionalNullable = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

export const organizationNameSchema = lazySchema(() => safeText({
  max: 300,
  min: 1,
  required: 'Укажите название организации',
  tooLong: 'Название — не длиннее 300 символов',
}));
export const employeePositionSchema = lazySchema(() => safeText({ max: 200, tooLong: 'Должность — не длиннее 200 символов' }));

/** An address whose text shows nothing is no address, as text or as the object: nothing to show on the organisation's page. */
const blankAddress = (v: unknown) =>
  typeof v === 'string' ? isBlankText(v) : typeof v === 'object' && v !== null && 'value' in v && typeof v.value === 'string' && isBlankText(v.value);

/**
 * The legal address: the §3 address object, or plain text typed by hand (kept without
 * coordinates; naming no city, it leaves the organisation's as it was). Answers always carry the object.
 */
export const organizationAddressInput = lazySchema(() => z.preprocess(
  (v) => (blankAddress(v) ? null : typeof v === 'string' ? { value: v, cityFiasId: null, geoLat: null, geoLon: null } : v),
  addressSchema.nullable(),
));

/** `organization/get-dadata`: the company as DaData knows it, to prefill the form. */
export const partySchema = lazySchema(() => z.object({
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  /** The short name with its legal form (ООО «Ромашка»). */
  name: z.string(),
  fullName: z.string().nullable(),
  address: addressSchema.nullable(),
  /** The head's name (DaData `management.name`), null for an entrepreneur or when unknown. */
  director: z.string().nullable(),
  directorPost: z.string().nullable(),
}));
export type Party = z.infer<typeof partySchema>;

export const organizationRoleSchema = lazySchema(() => z.enum(['director', 'employee']));
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

export const organizationDocumentSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  uploadedAt: z.string(),
}));
export type OrganizationDocument = z.infer<typeof organizationDocumentSchema>;

/** The organisation as its members see it (`get/profile`, `update`, `create`). */
export const organizationSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: addressSchema.nullable(),
  /**
   * The city named in its «Город» (a city suggestion: its name and `cityFiasId`, no coordinates),
   * by which the catalogues find it; null when none is, the city of its legal address (if that
   * names one) standing for it. Absent from an API that predates it.
   */
  city: addressSchema.nullable().optional(),
  description: z.string().nullable(),
  director: z.object({ userId: idSchema, name: z.string() }),
  /** The caller's role in it. */
  role: organizationRoleSchema,
  /** Whether it is the caller's active profile. */
  active: z.boolean(),
  documents: z.array(organizationDocumentSchema),
}));
export type Organization = z.infer<typeof organizationSchema>;

export const employeeSchema = lazySchema(() => z.object({
  /** The membership's id: what `employee/update`, `employee/delete` and `director/update` take. */
  id: idSchema,
  userId: idSchema,
  name: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  director: z.boolean(),
}));
export type Employee = z.infer<typeof employeeSchema>;

export const inviteStatusSchema = lazySchema(() => z.enum(['pending', 'approved', 'cancelled']));
/** Who closed an invite: its invitee (accepted or declined), the director (withdrawn), a new invite to the phone (replaced). */
export const inviteClosedBySchema = lazySchema(() => z.enum(['invitee', 'director', 'reinvite']));
export type InviteClosedBy = z.infer<typeof inviteClosedBySchema>;
export const organizationInviteSchema = lazySchema(() => z.object({
  id: idSchema,
  phone: z.string(),
  position: z.string().nullable(),
  status: inviteStatusSchema,
  /** Null while pending, and for an invite closed before who closed it was recorded. */
  closedBy: inviteClosedBySchema.nullable(),
  /** False once `expiresAt` has passed: the code no longer works. */
  live: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
}));
export type OrganizationInvite = z.infer<typeof organizationInviteSchema>;

/** 8 digits from the SMS; spaces and dashes a person types are ignored. */
export const inviteCodeSchema = lazySchema(() => z
  .string({ error: 'Укажите код приглашения' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8}$/, { error: 'Код приглашения — 8 цифр' })));
export const INVITE_CODE_LENGTH = 8;
export const INVITE_LIFETIME_DAYS = 7;

const organizationRefSchema = lazySchema(() => z.object({ id: idSchema, name: z.string() }));
export const inviteCheckSchema = lazySchema(() => z.object({ organization: organizationRefSchema, position: z.string().nullable(), expiresAt: z.string() }));

const organizationFields = lazySchema(() => ({
  inn: innSchema,
  name: organizationNameSchema,
  kpp: optionalNullable(kppSchema),
  ogrn: optionalNullable(ogrnSchema),
  address: organizationAddressInput.optional(),
  /**
   * Its city, as a profile takes its own (`user/profile/update`'s `address`): one of the city
   * suggestions, null to name none. Absent: the named city stays, whatever the address; with none
   * named, a looked-up address's city stands for it, and text typed by hand keeps the one there was.
   */
  city: addressSchema.nullable().optional(),
  description: optionalNullable(safeText({ max: 2000, multiline: true, tooLong: 'Описание — не длиннее 2000 символов' })),
}));

/**
 * A KPP belongs to an organisation (10-digit INN) only; an ОГРН to an organisation, an ОГРНИП to an
 * ИП: each number the INN refuses, by field. The API checks an update's numbers merged with the
 * stored ones by it too (QA TTT-3: a 12-digit INN beside a stored KPP).
 */
export function organizationNumberErrors(v: { inn?: string | null; kpp?: string | null; ogrn?: string | null }): Partial<Record<'kpp' | 'ogrn', string>> {
  const errors: Partial<Record<'kpp' | 'ogrn', string>> = {};
  const kpp = v.inn && v.kpp ? kppError(v.kpp, v.inn) : null;
  if (kpp) errors.kpp = kpp;
  const ogrn = v.inn && v.ogrn ? ogrnAgainstInnError(v.ogrn, v.inn) : null;
  if (ogrn) errors.ogrn = ogrn;
  return errors;
}

const numbersAgainstInn = (v: { inn?: string; kpp?: string | null; ogrn?: string | null }, ctx: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(organizationNumberErrors(v))) ctx.addIssue({ code: 'custom', path: [field], message });
};

/**
 * The organisation's fields as its edit form was opened on them (`organizationSeenOf`): sent with
 * an update (`seen`), they keep it from writing over what was saved meanwhile (another tab, a
 * director's hand-over) unseen (QA AAQ-2). The address and the city by their text; blanks as null.
 */
export const organizationSeenSchema = lazySchema(() => z.object({
  inn: z.string(),
  name: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string().nullable(),
}));
export type OrganizationSeen = z.output<typeof organizationSeenSchema>;

/** What an edit form of this organisation has seen of it. */
export function organizationSeenOf(organization: Pick<Organization, 'inn' | 'name' | 'kpp' | 'ogrn' | 'address' | 'city' | 'description'>): OrganizationSeen {
  return {
    inn: organization.inn,
    name: organization.name,
    kpp: organization.kpp || null,
    ogrn: organization.ogrn || null,
    address: organization.address?.value || null,
    city: organization.city?.value || null,
    description: organization.description || null,
  };
}

/** Whether two views of an organisation's fields are the same organisation as a user reads it. */
export function sameOrganizationSeen(a: OrganizationSeen, b: OrganizationSeen): boolean {
  return (Object.keys(a) as (keyof OrganizationSeen)[]).every((field) => a[field] === b[field]);
}

/** The 409 code of an update made on an organisation changed since its form was opened. */
export const ORGANIZATION_CHANGED = 'organization_changed';
export const ORGANIZATION_CHANGED_MESSAGE = 'Данные организации изменились, пока была открыта эта форма (в другой вкладке или другим сотрудником): проверьте поля и сохраните снова';

export const organizationCreateBodySchema = lazySchema(() => z.object(organizationFields).superRefine(numbersAgainstInn));
/**
 * `organization/update`: the fields sent replace the organisation's. With `seen` (the organisation
 * as the form showed it, `organizationSeenOf`), an update of one whose fields are no longer those is
 * refused, 409 ORGANIZATION_CHANGED, and changes nothing; without it the fields are written as they come.
 */
export const organizationUpdateBodySchema = lazySchema(() => z.object({
  id: idSchema,
  seen: organizationSeenSchema.optional(),
  inn: organizationFields.inn.optional(),
  name: organizationFields.name.optional(),
  kpp: organizationFields.kpp,
  ogrn: organizationFields.ogrn,
  address: organizationFields.address,
  city: organizationFields.city,
  description: organizationFields.description,
}).superRefine(numbersAgainstInn));

export const organizationGetDadata = defineCall({
  method: 'GET',
  path: 'organization/get-dadata',
  auth: 'required',
  summary: 'Сведения об организации по ИНН (DaData) для заполнения формы',
  query: lazySchema(() => z.object({ inn: innSchema })),
  data: partySchema,
});

export const organizationCreate = defineCall({
  method: 'POST',
  path: 'organization/create',
  auth: 'required',
  summary: 'Создание организации: вызывающий становится её руководителем, профиль — активным',
  body: organizationCreateBodySchema,
  data: lazySchema(() => z.object({ profile: profileSchema, organization: organizationSchema, user: sessionUserSchema })),
});

export const organizationUpdate = defineCall({
  method: 'POST',
  path: 'organization/update',
  auth: 'required',
  summary: 'Изменение реквизитов организации (руководитель)',
  body: organizationUpdateBodySchema,
  data: organizationSchema,
});

export const organizationDelete = defineCall({
  method: 'DELETE',
  path: 'organization/delete',
  auth: 'required',
  summary: 'Удаление организации (руководитель; нельзя при активных заявках и движении денег)',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

export const organizationGetProfile = defineCall({
  method: 'GET',
  path: 'organization/get/profile',
  auth: 'required',
  summary: 'Активная организация: реквизиты, руководитель, роль вызывающего, документы',
  data: organizationSchema,
});

/** Not in spec §7: the organisations the caller belongs to, for the organisation page and the switcher. */
export const organizationGetCollection = defineCall({
  method: 'GET',
  path: 'organization/get-collection',
  auth: 'required',
  summary: 'Организации, в которых состоит пользователь',
  data: lazySchema(() => z.object({ items: z.array(organizationSchema.omit({ documents: true })) })),
});

export const organizationDocumentUpload = defineCall({
  method: 'POST',
  path: 'organization/document/upload',
  auth: 'required',
  kind: 'upload',
  summary: 'Загрузка документа организации (руководитель)',
  body: lazySchema(() => z.object({})),
  data: organizationDocumentSchema,
});

export const organizationDocumentDownload = defineCall({
  method: 'GET',
  path: 'organization/document/download',
  auth: 'required',
  kind: 'download',
  summary: 'Скачивание документа организации (её сотрудники)',
  query: idQuerySchema,
  data: lazySchema(() => z.unknown()),
});

export const organizationDocumentDelete = defineCall({
  method: 'DELETE',
  path: 'organization/document/delete',
  auth: 'required',
  summary: 'Удаление документа организации (руководитель)',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

export const organizationEmployeeInvite = defineCall({
  method: 'POST',
  path: 'organization/employee/invite',
  auth: 'required',
  summary: 'Приглашение сотрудника: код по СМС на его телефон (руководитель)',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema, position: optionalNullable(employeePositionSchema) })),
  data: organizationInviteSchema,
});

/** Not in spec §7: the director's list of invites, pending first. */
export const organizationInviteGetCollection = defineCall({
  method: 'GET',
  path: 'organization/invite/get-collection',
  auth: 'required',
  summary: 'Приглашения сотрудников организации (руководитель)',
  query: lazySchema(() => z.object({
    ...paginationQuery(20),
    status: z.preprocess((v) => (v === '' ? undefined : v), inviteStatusSchema.optional()),
  })),
  data: lazySchema(() => listOf(organizationInviteSchema)),
});

/** Not in spec §7: the director withdraws a pending invite (the invitee declines with `user/invite/code/cancel`). */
export const organizationInviteDelete = defineCall({
  method: 'DELETE',
  path: 'organization/invite/delete',
  auth: 'required',
  summary: 'Отзыв приглашения сотрудника (руководитель)',
  query: idQuerySchema,
  data: organizationInviteSchema,
});

export const userInviteCodeCheck = defineCall({
  method: 'GET',
  path: 'user/invite/code/check',
  auth: 'required',
  summary: 'Проверка кода приглашения в организацию',
  query: lazySchema(() => z.object({ code: inviteCodeSchema })),
  data: inviteCheckSchema,
});

export const userInviteCodeApprove = defineCall({
  method: 'POST',
  path: 'user/invite/code/approve',
  auth: 'required',
  summary: 'Принять приглашение: пользователь становится сотрудником организации',
  body: lazySchema(() => z.object({ code: inviteCodeSchema })),
  data: lazySchema(() => z.object({ organization: organizationRefSchema, position: z.string().nullable(), employee: employeeSchema })),
});

export const userInviteCodeCancel = defineCall({
  method: 'POST',
  path: 'user/invite/code/cancel',
  auth: 'required',
  summary: 'Отклонить приглашение в организацию',
  body: lazySchema(() => z.object({ code: inviteCodeSchema })),
  data: lazySchema(() => z.object({ organization: organizationRefSchema, status: z.literal('cancelled') })),
});

/** ARCHITECTURE §3's list sort of the staff (QA OOO-2): by name or by joining (`id`); the director first either way. */
export const employeeListQuerySchema = lazySchema(() => z.object({ ...paginationQuery(20), query: optionalQueryString(), ...sortQuery(['name', 'id'] as const, 'name', 'asc') }));
export type EmployeeListFilter = z.output<typeof employeeListQuerySchema>;

export const organizationEmployeeGetCollection = defineCall({
  method: 'GET',
  path: 'organization/employee/get-collection',
  auth: 'required',
  summary: 'Сотрудники активной организации (поиск по имени, телефону, должности)',
  query: employeeListQuerySchema,
  data: lazySchema(() => listOf(employeeSchema)),
});

export const organizationEmployeeUpdate = defineCall({
  method: 'PUT',
  path: 'organization/employee/update',
  auth: 'required',
  summary: 'Изменение должности сотрудника (руководитель)',
  body: lazySchema(() => z.object({ id: idSchema, position: z.preprocess(blankToNull, employeePositionSchema.nullable()) })),
  data: employeeSchema,
});

export const organizationEmployeeDelete = defineCall({
  method: 'DELETE',
  path: 'organization/employee/delete',
  auth: 'required',
  summary: 'Исключение сотрудника (руководитель) или выход из организации (сам сотрудник)',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

export const organizationDirectorUpdate = defineCall({
  method: 'POST',
  path: 'organization/director/update',
  auth: 'required',
  summary: 'Передача руководства организацией сотруднику (руководитель; прежний остаётся сотрудником)',
  body: lazySchema(() => z.object({ id: idSchema })),
  data: lazySchema(() => z.object({ director: employeeSchema, previous: employeeSchema })),
});
