import { z } from 'zod';
import { defineCall } from './define';

/** The user as ARCHITECTURE §3 "Shapes" names it; the session keeps it after login or renewal. */
export const sessionUserSchema = z.object({
  id: z.number().int().positive(),
  phone: z.string(),
  name: z.string(),
  email: z.string().nullable().default(null),
  activeProfileId: z.number().int().positive().nullable().default(null),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenPairSchema = z.object({ token: z.string().min(1), refresh_token: z.string().min(1) });

export const tokenRenewDataSchema = tokenPairSchema.extend({ user: sessionUserSchema.optional() });
export type TokenRenewData = z.infer<typeof tokenRenewDataSchema>;

/** Refresh tokens rotate: a reused old one revokes its whole family (ARCHITECTURE §3). */
export const tokenRenew = defineCall({
  method: 'POST',
  path: 'token/renew',
  auth: 'none',
  summary: 'Обновление пары токенов',
  body: z.object({ refresh_token: z.string().min(1, { error: 'Нет токена обновления' }) }),
  data: tokenRenewDataSchema,
});
