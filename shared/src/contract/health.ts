import { z } from 'zod';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

export const healthSchema = lazySchema(() => z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
}));
export type Health = z.infer<typeof healthSchema>;

export const health = defineCall({
  method: 'GET',
  path: 'health',
  auth: 'none',
  summary: 'Состояние сервиса и базы данных',
  data: healthSchema,
});
