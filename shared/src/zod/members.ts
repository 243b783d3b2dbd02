// The zod the shell's browser build fetches on demand (on-demand.ts): the members of `z` that
// browser code calls, named one by one. A chunk that handed over zod's `z` object whole would carry
// everything it has (every locale: ~68 kB compressed instead of ~21), because the stand-in reads
// members by name at run time, which webpack cannot follow; it follows `zod.member` here.
// `members.test.ts` reads the sources and fails when code calls a member missing here: add it, and
// the next build carries it.
import * as zod from 'zod/v4';

export const zodMembers = {
  array: zod.array,
  boolean: zod.boolean,
  coerce: zod.coerce,
  config: zod.config,
  email: zod.email,
  enum: zod.enum,
  iso: zod.iso,
  literal: zod.literal,
  NEVER: zod.NEVER,
  number: zod.number,
  object: zod.object,
  preprocess: zod.preprocess,
  record: zod.record,
  string: zod.string,
  unknown: zod.unknown,
};
