import type { z } from 'zod';
import type { CallContract } from '../contract/define';

/** The body schema of a call, for a form that submits it (CONVENTIONS: forms reuse the call's schema). */
export function bodySchemaOf<B extends z.ZodType>(call: CallContract<z.ZodType, B>): B {
  if (!call.body) throw new Error(`У вызова ${call.path} нет тела запроса`);
  return call.body;
}
