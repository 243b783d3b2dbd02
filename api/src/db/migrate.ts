import { migrations as allMigrations } from './migrations';
import type { Db, Queryable } from './types';

// Two API nodes starting together must not both apply a migration.
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations in one transaction; returns the ids applied now. */
export async function migrate(db: Db, migrations = allMigrations): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

/**
 * Migrations the database has and this build does not know: a newer release migrated it (a
 * rollback, or an older node in a rolling update). Said at start, not refused: migrations add,
 * so an older build usually works on, but whatever the newer schema carries may stop working.
 */
export async function unknownMigrations(db: Queryable, migrations = allMigrations): Promise<string[]> {
  const known = new Set(migrations.map((m) => m.id));
  const rows = await db.query<{ id: string }>('select id from schema_migrations order by id');
  return rows.map((r) => r.id).filter((id) => !known.has(id));
}
