// Sessions: one row per login (a refresh-token family). Access tokens name their session, so
// revoking it (logout, reuse detection, password change) ends the access token too.
export const sql = /* sql */ `
create table auth_sessions (
  id uuid primary key,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoke_reason text,
  user_agent text,
  ip text
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;
`;
