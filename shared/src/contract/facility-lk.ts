import { z } from 'zod';
import { facilitySchema, type Facility } from './catalog';
import { applicationNumbersText } from './application-numbers';
import {
  addressSchema,
  clientKeyField,
  clientKeyMessage,
  documentSchema,
  idQuerySchema,
  idSchema,
  namedRefSchema,
  optionalQueryId,
  optionalQueryString,
  paginationQuery,
  queryId,
  safeText,
  sortQuery,
} from './common';
import { defineCall, listOf } from './define';
import { serviceSchema } from './service';
import { lazySchema } from './lazy-schema';

/**
 * The cabinet's facilities and services (ARCHITECTURE §8 "Cabinet", spec §7 "Facility"). Every
 * call acts as the caller's active profile (customer, executor or organisation; an organisation's
 * director and employees alike): 401 for a guest, 403 'Выберите профиль' without a profile, 404
 * for another profile's facility or document.
 *
 * The facility itself is `facilitySchema` (catalog.ts, also answered by `profile/facility/get`).
 */

// ---- Facility types ----

export const facilityTypeSchema = namedRefSchema;
export type FacilityType = z.infer<typeof facilityTypeSchema>;

/** The seeded facility types (Квартира, Частный дом, Офис, …), by name. */
export const profileFacilityGetType = defineCall({
  method: 'GET',
  path: 'profile/facility/get/type',
  auth: 'none',
  summary: 'Типы объектов',
  data: lazySchema(() => z.object({ items: z.array(facilityTypeSchema) })),
});

// ---- Create and update (multipart) ----

export const FACILITY_NAME_MAX = 200;
export const FACILITY_DESCRIPTION_MAX = 2000;

export const FACILITY_MESSAGES = {
  created: 'Объект создан',
  saved: 'Объект сохранён',
  deleted: 'Объект удалён',
  documentDeleted: 'Документ удалён',
  documentPublic: 'Документ виден всем',
  documentPrivate: 'Документ виден только вам',
  /** 422 of a `public` flag that is not `true` or `false` (multipart and JSON alike). */
  publicFlag: 'Признак публичности: true или false',
  notFound: 'Объект не найден',
  documentNotFound: 'Документ не найден',
  typeRequired: 'Выберите тип объекта',
  nameRequired: 'Укажите название объекта',
  nameTooLong: `Название — не длиннее ${FACILITY_NAME_MAX} символов`,
  addressRequired: 'Укажите адрес объекта',
  addressInvalid: 'Некорректный адрес объекта',
  clientKey: clientKeyMessage('объекта'),
  /** 409 of `profile/facility/delete` while an application links the facility. */
  linked: 'Невозможно удалить объект, так как имеются привязки',
  /** 409 FACILITY_CHANGED of an update whose `seen` is not the facility as it stands. */
  changed: 'Объект изменился, пока была открыта эта форма (в другой вкладке или другим сотрудником): проверьте поля и сохраните снова',
  seenInvalid: 'Поле seen: объект, каким его видела форма, в JSON',
} as const;

/**
 * The 409 of `profile/facility/delete` naming what links the facility: the spec's text, then the
 * applications' numbers (QA AAY-2: the refusal named none).
 */
export function facilityLinkedMessage(numbers: readonly number[], total: number): string {
  const named = applicationNumbersText(numbers, total);
  return named ? `${FACILITY_MESSAGES.linked}: ${named}` : FACILITY_MESSAGES.linked;
}

/** The 409 code of an update made on a facility changed since its form was opened. */
export const FACILITY_CHANGED = 'facility_changed';

/** How many files one create or update request may carry (each up to MAX_FILE_BYTES, document.ts). */
export const FACILITY_MAX_FILES = 10;
export const FACILITY_TOO_MANY_FILES_MESSAGE = `Не больше ${FACILITY_MAX_FILES} файлов за один раз`;

/** A multipart field holding JSON: a string parsed (undefined when it is not JSON), or a value sent as application/json. */
function jsonOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * `address` travels as a JSON string of the §3 address object (multipart has no objects). Any
 * problem with it — not JSON, or an object the address schema refuses — is one 422 naming
 * `address` (the inner rule's Russian text when there is one).
 */
export const addressJsonField = lazySchema(() => z.unknown().transform((raw, ctx) => {
  if (raw === undefined || raw === null || raw === '') {
    ctx.addIssue({ code: 'custom', message: FACILITY_MESSAGES.addressRequired });
    return z.NEVER;
  }
  // A field sent with Content-Type application/json arrives parsed; a plain one is a JSON string.
  const value = jsonOf(raw);
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: FACILITY_MESSAGES.addressInvalid });
    return z.NEVER;
  }
  const parsed = addressSchema.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? FACILITY_MESSAGES.addressInvalid });
    return z.NEVER;
  }
  if (!parsed.data.value) {
    ctx.addIssue({ code: 'custom', message: FACILITY_MESSAGES.addressRequired });
    return z.NEVER;
  }
  return parsed.data;
}));

/** A multipart flag: `true` | `false` (default `false`). */
const booleanField = lazySchema(() => z
  .enum(['true', 'false'], { error: FACILITY_MESSAGES.publicFlag })
  .default('false')
  .transform((v) => v === 'true'));

/**
 * The text fields of `profile/facility/create` (all strings, as multipart sends them; they come
 * before the files). `public` is the visibility of the documents uploaded in this very request
 * (facility_documents.public): `true` — anyone may see and download them
 * (`facility/document/public/download`), `false` (default) — only the facility's profile sees
 * them (`profile/facility/document/download`). To upload public and private documents, send two
 * requests (e.g. create with the private ones, then update with `public=true` and the others).
 * A stored document's visibility changes with `profile/facility/document/update`.
 */
export const facilityFieldsSchema = lazySchema(() => z.object({
  name: safeText({ min: 1, max: FACILITY_NAME_MAX, required: FACILITY_MESSAGES.nameRequired, tooLong: FACILITY_MESSAGES.nameTooLong }),
  typeId: queryId(FACILITY_MESSAGES.typeRequired),
  description: safeText({ max: FACILITY_DESCRIPTION_MAX, multiline: true, tooLong: `Описание — не длиннее ${FACILITY_DESCRIPTION_MAX} символов` }).default(''),
  address: addressJsonField,
  public: booleanField,
}));
export type FacilityFields = z.output<typeof facilityFieldsSchema>;

/**
 * The fields of `profile/facility/create`: those above and `clientKey`, the form's own name for the
 * facility it creates, the same when it sends it again after a create whose answer was lost.
 */
export const facilityCreateFieldsSchema = lazySchema(() => facilityFieldsSchema.extend({
  clientKey: clientKeyField(FACILITY_MESSAGES.clientKey),
}));
export type FacilityCreateFields = z.output<typeof facilityCreateFieldsSchema>;

/**
 * `profile/facility/create`: multipart, the fields above then any number (0…FACILITY_MAX_FILES)
 * of files, each in a field named `file`. All or nothing: a refused file (413, 415) or field (422)
 * leaves no facility and no stored file. Answers the facility with its documents and 'Объект создан'.
 * With a `clientKey` the profile has created with before, the answer is that facility: nothing is
 * added, and the files sent along are not kept (it has its documents from the first create).
 */
export const profileFacilityCreate = defineCall({
  method: 'POST',
  path: 'profile/facility/create',
  auth: 'required',
  kind: 'upload',
  files: 'any',
  summary: 'Создание объекта (multipart: поля и несколько файлов в поле file)',
  body: facilityCreateFieldsSchema,
  data: facilitySchema,
});

/**
 * The fields of a facility as an edit form was opened on them: sent with an update (`seen`), they
 * keep it from writing over what was saved meanwhile (another tab, another employee of the
 * organisation) unseen. The point is compared to the millionth of a degree, as the form shows it.
 */
export const facilitySeenSchema = lazySchema(() => z.object({
  name: z.string(),
  typeId: z.number().int(),
  description: z.string(),
  address: z.object({ value: z.string(), geoLat: z.number().nullable(), geoLon: z.number().nullable() }),
}));
export type FacilitySeen = z.output<typeof facilitySeenSchema>;

/** What an edit form of this facility has seen of it. */
export function facilitySeenOf(facility: Pick<Facility, 'name' | 'type' | 'description' | 'address'>): FacilitySeen {
  const { value, geoLat, geoLon } = facility.address;
  return { name: facility.name, typeId: facility.type.id, description: facility.description, address: { value, geoLat: geoLat ?? null, geoLon: geoLon ?? null } };
}

const micro = (degrees: number | null) => (degrees === null ? null : Math.round(degrees * 1e6));

/** Whether two views of a facility's fields are the same facility as a user reads it. */
export function sameFacilitySeen(a: FacilitySeen, b: FacilitySeen): boolean {
  return (
    a.name === b.name &&
    a.typeId === b.typeId &&
    a.description === b.description &&
    a.address.value === b.address.value &&
    micro(a.address.geoLat) === micro(b.address.geoLat) &&
    micro(a.address.geoLon) === micro(b.address.geoLon)
  );
}

/** `seen`: a JSON string of `facilitySeenSchema` (multipart), or absent. */
const seenField = lazySchema(() => z.unknown().optional().transform((raw, ctx) => {
  if (raw === undefined || raw === '') return undefined;
  const parsed = facilitySeenSchema.safeParse(jsonOf(raw));
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: FACILITY_MESSAGES.seenInvalid });
  return z.NEVER;
}));

/**
 * `profile/facility/update`: multipart with `_method=PUT` (the spec's method override; accepted,
 * not required), `id` and the same fields, which replace the facility's; files sent along are
 * added to its documents with the visibility `public`. Answers the facility and 'Объект сохранён'.
 * With `seen` (the facility as the form showed it, `facilitySeenOf`), an update of a facility whose
 * fields are no longer those is refused, 409 FACILITY_CHANGED, and changes nothing; without it the
 * fields are written as they come.
 */
export const profileFacilityUpdate = defineCall({
  method: 'POST',
  path: 'profile/facility/update',
  auth: 'required',
  kind: 'upload',
  files: 'any',
  summary: 'Изменение объекта (multipart, _method=PUT; новые файлы добавляются к документам)',
  body: lazySchema(() => facilityFieldsSchema.extend({
    id: queryId('Укажите объект'),
    seen: seenField,
    _method: z
      .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.literal('PUT', { error: 'Поле _method: PUT' }))
      .optional(),
  })),
  data: facilitySchema,
});

// ---- Lists, delete ----

export const facilitySortFields = ['id', 'name', 'createdAt'] as const;

/** The active profile's facilities (also the application form's facility picker). */
export const profileFacilityListQuerySchema = lazySchema(() => z.object({
  ...paginationQuery(12),
  ...sortQuery(facilitySortFields, 'createdAt', 'desc'),
  /** Part of the name or the address. */
  query: optionalQueryString(),
  typeId: optionalQueryId('Некорректный тип объекта'),
}));
export type ProfileFacilityListQuery = z.input<typeof profileFacilityListQuerySchema>;
export type ProfileFacilityListFilter = z.output<typeof profileFacilityListQuerySchema>;

export const profileFacilityGetCollection = defineCall({
  method: 'GET',
  path: 'profile/facility/get-collection',
  auth: 'required',
  summary: 'Объекты активного профиля (12 на странице, новые первыми)',
  query: profileFacilityListQuerySchema,
  data: lazySchema(() => listOf(facilitySchema)),
});

/** 409 `FACILITY_MESSAGES.linked` while an application links it; else gone with its documents. */
export const profileFacilityDelete = defineCall({
  method: 'DELETE',
  path: 'profile/facility/delete',
  auth: 'required',
  summary: 'Удаление объекта',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

// ---- Documents ----

/** Removes one document of the active profile's facility (`id`: the document's). */
export const profileFacilityDocumentDelete = defineCall({
  method: 'POST',
  path: 'profile/facility/document/delete',
  auth: 'required',
  summary: 'Удаление документа объекта',
  body: lazySchema(() => z.object({ id: idSchema })),
  data: lazySchema(() => z.object({ id: idSchema })),
});

/**
 * Sets one document's visibility (`id`: the document's, of the active profile's facility; 404
 * otherwise). Answers the document as the facility's `documents` list shows it, with
 * `FACILITY_MESSAGES.documentPublic` or `documentPrivate`.
 */
export const profileFacilityDocumentUpdate = defineCall({
  method: 'PUT',
  path: 'profile/facility/document/update',
  auth: 'required',
  summary: 'Видимость документа объекта',
  body: lazySchema(() => z.object({ id: idSchema, public: z.boolean({ error: FACILITY_MESSAGES.publicFlag }) })),
  data: documentSchema,
});

/**
 * Any document (private ones too) of the active profile's facility, as bytes
 * (`Content-Disposition: attachment`). Public documents are for anyone at
 * `facility/document/public/download`.
 */
export const profileFacilityDocumentDownload = defineCall({
  method: 'GET',
  path: 'profile/facility/document/download',
  auth: 'required',
  kind: 'download',
  summary: 'Скачивание документа своего объекта',
  query: idQuerySchema,
  data: lazySchema(() => z.unknown()),
});

// ---- Services of the active profile (next to `profileServiceGetCollection`, user.ts) ----

export const PROFILE_SERVICE_MESSAGES = {
  added: 'Услуга добавлена',
  removed: 'Услуга удалена',
  unknown: 'Выберите услугу из списка',
  /** 403 for a customer profile. */
  customer: 'Услуги указывают исполнители',
} as const;

/** Both answer the profile's updated list (as `profile/service/get-collection`). */
export const profileServiceListSchema = lazySchema(() => z.object({ items: z.array(serviceSchema) }));

/** Idempotent: adding a service the profile has already answers the same list. 422 for an unknown id. */
export const profileServiceAdd = defineCall({
  method: 'POST',
  path: 'profile/service/add',
  auth: 'required',
  summary: 'Добавить услугу активному профилю (исполнитель или организация)',
  body: lazySchema(() => z.object({ serviceId: queryId(PROFILE_SERVICE_MESSAGES.unknown) })),
  data: profileServiceListSchema,
});

/** `id` is the service's; removing one the profile does not have changes nothing. */
export const profileServiceRemove = defineCall({
  method: 'DELETE',
  path: 'profile/service/remove',
  auth: 'required',
  summary: 'Убрать услугу активного профиля',
  query: lazySchema(() => z.object({ id: queryId('Укажите услугу') })),
  data: profileServiceListSchema,
});
