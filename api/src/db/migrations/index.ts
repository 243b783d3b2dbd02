import { sql as initial } from './001-initial';
import { sql as auth } from './002-auth';

/** Ordered; an id is recorded in schema_migrations once applied. Append only. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '001-initial', sql: initial },
  { id: '002-auth', sql: auth },
];
