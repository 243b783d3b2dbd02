import { z } from 'zod';
import { profileTypeSchema } from './application';
import { addressSchema, idSchema, optionalQueryString, paginationQuery } from './common';
import { defineCall, listOf } from './define';
import { emailSchema, personNameSchema, phoneSchema, sessionUserSchema } from './auth';
import { serviceSchema } from './service';

export const userGetToken = defineCall({
  method: 'GET',
  path: 'user/get/token',
  auth: 'required',
  summary: 'Текущий пользователь по токену',
  data: sessionUserSchema,
});

/** ARCHITECTURE §3 "Shapes": `{ id, type, name, active }`. */
export const profileSchema = z.object({
  id: idSchema,
  type: profileTypeSchema,
  name: z.string(),
  active: z.boolean(),
  description: z.string().nullable().default(null),
  address: addressSchema.nullable().default(null),
});
export type Profile = z.infer<typeof profileSchema>;

export const userProfileList = defineCall({
  method: 'GET',
  path: 'user/profile/list',
  auth: 'required',
  summary: 'Профили пользователя',
  data: z.object({ items: z.array(profileSchema) }),
});

/** Personal profile types a user creates here; organisations come from `organization/create`. */
export const personalProfileTypeSchema = z.enum(['customer', 'executor'], { error: 'Тип профиля: заказчик или исполнитель' });

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
  body: z
    .object({
      type: personalProfileTypeSchema.optional(),
      id: idSchema.optional(),
      name: personNameSchema.optional(),
      description: z.string().trim().max(2000, { error: 'Описание — не длиннее 2000 символов' }).nullable().optional(),
      address: addressSchema.nullable().optional(),
    })
    .refine((v) => v.type !== undefined || v.id !== undefined, { error: 'Укажите тип профиля', path: ['type'] }),
  data: z.object({ profile: profileSchema, user: sessionUserSchema }),
});

export const balanceSchema = z.object({
  profileId: idSchema.nullable(),
  /** Roubles, two decimals. */
  amount: z.number(),
  currency: z.literal('RUB'),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balanceGetToken = defineCall({
  method: 'GET',
  path: 'balance/get/token',
  auth: 'required',
  summary: 'Баланс активного профиля',
  data: balanceSchema,
});

export const notificationSchema = z.object({
  id: idSchema,
  message: z.string(),
  /** Where the notification leads in the app, e.g. `/lk/application/detail/5`. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const notificationList = listOf(notificationSchema).extend({ unread: z.number().int().nonnegative() });

export const notificationGetCollection = defineCall({
  method: 'GET',
  path: 'notification/get-collection',
  auth: 'required',
  summary: 'Уведомления (новые сверху)',
  query: z.object({ ...paginationQuery(20) }),
  data: notificationList,
});

/** Unread message notifications: the header's messages badge. */
export const notificationMessageGetCollection = defineCall({
  method: 'GET',
  path: 'notification/message/get-collection',
  auth: 'required',
  summary: 'Уведомления о сообщениях',
  query: z.object({ ...paginationQuery(20) }),
  data: notificationList,
});

/** Marks the caller's notifications read: the given ids, or all with none given. */
export const notificationRead = defineCall({
  method: 'POST',
  path: 'notification/read',
  auth: 'required',
  summary: 'Отметить уведомления прочитанными',
  body: z.object({ ids: z.array(idSchema).max(500).optional() }),
  data: z.object({ unread: z.number().int().nonnegative() }),
});

export const profileServiceGetCollection = defineCall({
  method: 'GET',
  path: 'profile/service/get-collection',
  auth: 'required',
  summary: 'Услуги активного профиля',
  data: z.object({ items: z.array(serviceSchema) }),
});

export const userAddressSearch = defineCall({
  method: 'GET',
  path: 'user/address/search',
  auth: 'none',
  summary: 'Подсказки адресов',
  query: z.object({
    query: z.string({ error: 'Введите адрес' }).trim().min(1, { error: 'Введите адрес' }).max(200, { error: 'Не длиннее 200 символов' }),
    limit: z.coerce.number().int().min(1).max(20).default(10),
  }),
  data: z.object({ items: z.array(addressSchema) }),
});

/** The city of an IP (the caller's when `ip` is absent); null when unknown. */
export const userAddressIp = defineCall({
  method: 'GET',
  path: 'user/address/ip',
  auth: 'optional',
  summary: 'Город по IP-адресу',
  query: z.object({ ip: optionalQueryString(45) }),
  data: z.object({ address: addressSchema.nullable() }),
});

export const CALLBACK_ERROR_MESSAGE = 'Ошибка при заказе звонка';

export const callbackCreate = defineCall({
  method: 'POST',
  path: 'callback/create',
  auth: 'none',
  summary: 'Заказ обратного звонка',
  body: z.object({
    name: personNameSchema,
    phone: phoneSchema,
    email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
    comment: z.string().trim().max(1000, { error: 'Комментарий — не длиннее 1000 символов' }).optional(),
  }),
  data: z.object({ id: idSchema }),
});

/** Binds a socket.io connection to the caller (after connect, login and reconnect). */
export const userSocketUpdate = defineCall({
  method: 'PUT',
  path: 'user/socket/update',
  auth: 'required',
  summary: 'Привязка сокета к пользователю',
  body: z.object({ id: z.string({ error: 'Укажите идентификатор сокета' }).min(1).max(100) }),
  data: z.object({ ok: z.literal(true) }),
});

/** Payload of the socket event `notification` (ARCHITECTURE §4). */
export const notificationEventSchema = notificationSchema.extend({ unread: z.number().int().nonnegative() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
