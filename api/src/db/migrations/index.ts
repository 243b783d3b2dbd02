import { sql as initial } from './001-initial';

/** Ordered; an id is recorded in schema_migrations once applied. Append only. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [{ id: '001-initial', sql: initial }];
