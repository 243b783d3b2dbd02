import { z } from 'zod';
import { idSchema, safeText } from './common';
import { defineCall } from './define';
import { emailSchema, personNameSchema, phoneSchema } from './auth';
import { lazySchema } from './lazy-schema';

export const CALLBACK_ERROR_MESSAGE = 'Ошибка при заказе звонка';

export const callbackCreate = defineCall({
  method: 'POST',
  path: 'callback/create',
  auth: 'none',
  noBearer: true,
  summary: 'Заказ обратного звонка',
  body: lazySchema(() => z.object({
    name: personNameSchema,
    phone: phoneSchema,
    email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
    comment: safeText({ max: 1000, multiline: true, tooLong: 'Комментарий — не длиннее 1000 символов' }).optional(),
  })),
  data: lazySchema(() => z.object({ id: idSchema })),
});
