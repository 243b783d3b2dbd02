import { z } from 'zod';
import { profileTypeSchema, type ProfileType } from './application';
import { addressSchema, idSchema, safeText } from './common';
import { defineCall, listOf } from './define';
import { personNameSchema, sessionUserSchema } from './auth';
import { serviceSchema } from './service';
import { lazySchema } from './lazy-schema';

export const userGetToken = defineCall({
  method: 'GET',
  path: 'user/get/token',
  auth: 'required',
  summary: 'Текущий пользователь по токену',
  data: sessionUserSchema,
});

/** ARCHITECTURE §3 "Shapes": `{ id, type, name, active }`. */
export const profileSchema = lazySchema(() => z.object({
  id: idSchema,
  type: profileTypeSchema,
  name: z.string(),
  active: z.boolean(),
  description: z.string().nullable().default(null),
  address: addressSchema.nullable().default(null),
  /** The user's part in it: `owner` of a personal profile, `director` or `employee` of an organisation. */
  role: z.enum(['owner', 'director', 'employee']).optional(),
}));
export type Profile = z.infer<typeof profileSchema>;

export const userProfileList = defineCall({
  method: 'GET',
  path: 'user/profile/list',
  auth: 'required',
  summary: 'Профили пользователя',
  // §3's list envelope: every profile on one page (`page` 1, `limit` the count, at least 1).
  // `total`, `page` and `limit` are optional: an older API answers `items` alone.
  data: lazySchema(() => listOf(profileSchema).partial({ total: true, page: true, limit: true })),
});

/** Personal profile types a user creates here; organisations come from `organization/create`. */
export const personalProfileTypeSchema = lazySchema(() => z.enum(['customer', 'executor'], { error: 'Тип профиля: заказчик или исполнитель' }));

/** How a profile is named to its user: 'Заказчик' for a personal profile, the organisation's name for an organisation. */
export const PROFILE_TYPE_LABELS: Record<ProfileType, string> = {
  customer: 'Заказчик',
  executor: 'Исполнитель',
  organization: 'Организация',
};

export function profileLabel(profile: { type: ProfileType; name: string }): string {
  return profile.type === 'organization' ? profile.name : PROFILE_TYPE_LABELS[profile.type];
}

/**
 * The request header a tab sends its writes with: the id of the active profile it shows. The API
 * refuses a write sent as another profile than the active one with a 409 of PROFILE_CHANGED_CODE
 * (a switch made in another tab or on another device that this tab has not heard of yet).
 */
export const PROFILE_ID_HEADER = 'X-Profile-Id';
export const PROFILE_CHANGED_CODE = 'profile_changed';

/** `user/profile/update`'s answer when it changed a profile's fields (or created one). */
export const PROFILE_SAVED_MESSAGE = 'Профиль сохранён';

/** Its answer when it only made an existing profile the active one: the user is told which. */
export function profileSwitchedMessage(profile: { type: ProfileType; name: string }): string {
  return `Активный профиль: ${profileLabel(profile)}`;
}

/**
 * Creates the caller's profile of that type if it has none, updates its fields and makes it
 * active (ARCHITECTURE "Bodies"). With `id` instead of `type` it switches to any own profile,
 * organisation profiles included.
 */
export const userProfileUpdate = defineCall({
  method: 'PUT',
  path: 'user/profile/update',
  auth: 'required',
  summary: 'Создание, изменение и выбор активного профиля',
  body: lazySchema(() => z
    .object({
      type: personalProfileTypeSchema.optional(),
      id: idSchema.optional(),
      name: personNameSchema.optional(),
      description: safeText({ max: 2000, multiline: true, tooLong: 'Описание — не длиннее 2000 символов' }).nullable().optional(),
      address: addressSchema.nullable().optional(),
    })
    .refine((v) => v.type !== undefined || v.id !== undefined, { error: 'Укажите тип профиля', path: ['type'] })),
  data: lazySchema(() => z.object({ profile: profileSchema, user: sessionUserSchema })),
});

export const balanceSchema = lazySchema(() => z.object({
  profileId: idSchema.nullable(),
  /** Roubles, two decimals. */
  amount: z.number(),
  currency: z.literal('RUB'),
}));
export type Balance = z.infer<typeof balanceSchema>;

export const balanceGetToken = defineCall({
  method: 'GET',
  path: 'balance/get/token',
  auth: 'required',
  summary: 'Баланс активного профиля',
  data: balanceSchema,
});

export const profileServiceGetCollection = defineCall({
  method: 'GET',
  path: 'profile/service/get-collection',
  auth: 'required',
  summary: 'Услуги активного профиля',
  // §3's list envelope: every service on one page (`page` 1, `limit` the count, at least 1).
  // `total`, `page` and `limit` are optional: an older API answers `items` alone.
  data: lazySchema(() => listOf(serviceSchema).partial({ total: true, page: true, limit: true })),
});

/** Binds a socket.io connection to the caller (after connect, login and reconnect). */
export const userSocketUpdate = defineCall({
  method: 'PUT',
  path: 'user/socket/update',
  auth: 'required',
  summary: 'Привязка сокета к пользователю',
  body: lazySchema(() => z.object({
    id: safeText({ min: 1, max: 100, required: 'Укажите идентификатор сокета', invalid: 'Некорректный идентификатор сокета' }),
  })),
  data: lazySchema(() => z.object({ ok: z.literal(true) })),
});

/**
 * A socket event of our own beside ARCHITECTURE §4's, without a payload: the user's name, phone or
 * active profile changed in one of his tabs or on one of his devices, or by the server (an
 * organisation of his created, left or deleted), or an organisation of his changed (its name, his
 * position in it). His tabs load the user and his profiles again; every lk call acts as the active
 * profile, so a tab that kept showing the one before would act for another than it says.
 */
export const USER_CHANGED_EVENT = 'user:changed';

/**
 * A socket event of our own beside ARCHITECTURE §4's, to the profile's room (every tab and device
 * of its users, an organisation's members): one of its calls changed the profile's facilities (one
 * created, changed or deleted, a document added, removed, made public or private) or its bank
 * requisites (added, changed, deleted). Payload `{ profileId, what }`; the screens showing them read
 * them again. No window focus refetches them, so a tab kept open would go on showing a facility
 * list one short, or offering a withdrawal to requisites deleted meanwhile (404).
 */
export const PROFILE_DATA_CHANGED_EVENT = 'profile:data-changed';

export const profileDataChangedEventSchema = lazySchema(() => z.object({
  profileId: idSchema,
  what: z.enum(['facilities', 'requisites']),
}));
export type ProfileDataChangedEvent = z.infer<typeof profileDataChangedEventSchema>;
