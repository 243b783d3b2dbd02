import { z } from 'zod';
import { addressSchema, optionalQueryString, safeText } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/**
 * How far down the suggestions go: 'city' answers cities and settlements, each by its own name
 * (DaData's from_bound city, to_bound settlement) — a city field offers no street it could not
 * filter by, nor a place made up of a city and the rest of the text. Absent: any address.
 */
export const addressBounds = ['city'] as const;
export type AddressBound = (typeof addressBounds)[number];

export const userAddressSearch = defineCall({
  method: 'GET',
  path: 'user/address/search',
  auth: 'none',
  noBearer: true,
  summary: 'Подсказки адресов',
  query: lazySchema(() => z.object({
    query: safeText({ min: 1, max: 200, required: 'Введите адрес' }),
    limit: z.coerce.number({ error: 'Укажите число' }).int().min(1).max(20).default(10),
    bound: z.enum(addressBounds, { error: 'Границы подсказок: city или не указаны' }).optional(),
  })),
  data: lazySchema(() => z.object({ items: z.array(addressSchema) })),
});

/** The city of an IP (the caller's when `ip` is absent); null when unknown. */
export const userAddressIp = defineCall({
  method: 'GET',
  path: 'user/address/ip',
  auth: 'optional',
  summary: 'Город по IP-адресу',
  query: lazySchema(() => z.object({ ip: optionalQueryString(45) })),
  data: lazySchema(() => z.object({ address: addressSchema.nullable() })),
});
