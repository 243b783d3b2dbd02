import { z } from 'zod';
import { addressSchema, optionalQueryString, safeText } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

export const userAddressSearch = defineCall({
  method: 'GET',
  path: 'user/address/search',
  auth: 'none',
  summary: 'Подсказки адресов',
  query: lazySchema(() => z.object({
    query: safeText({ min: 1, max: 200, required: 'Введите адрес' }),
    limit: z.coerce.number({ error: 'Укажите число' }).int().min(1).max(20).default(10),
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
