import type { SessionUser } from 'shared/contract';
import type { Queryable } from '../../db';

const userColumns = `id, phone, name, email, active_profile_id as "activeProfileId"`;

export interface UserWithHash extends SessionUser {
  passwordHash: string | null;
}

/** The one repository over the `users` table (accounts, sessions and profiles all read it). */
export function usersRepository(db: Queryable) {
  return {
    /** The user as the session shows it; `lock` holds the row to the end of the transaction. */
    async findSessionUser(id: number, options: { lock?: boolean } = {}): Promise<SessionUser | undefined> {
      const rows = await db.query<SessionUser>(`select ${userColumns} from users where id = $1${options.lock ? ' for update' : ''}`, [id]);
      return rows[0];
    },
    async findByPhone(phone: string): Promise<UserWithHash | null> {
      const rows = await db.query<UserWithHash>(`select ${userColumns}, password_hash as "passwordHash" from users where phone = $1`, [phone]);
      return rows[0] ?? null;
    },
    async findById(id: number): Promise<UserWithHash | null> {
      const rows = await db.query<UserWithHash>(`select ${userColumns}, password_hash as "passwordHash" from users where id = $1`, [id]);
      return rows[0] ?? null;
    },
    async phoneExists(phone: string): Promise<boolean> {
      const rows = await db.query('select 1 from users where phone = $1', [phone]);
      return rows.length > 0;
    },
    async create(user: { phone: string; name: string; passwordHash: string; at: string }): Promise<SessionUser> {
      const rows = await db.query<SessionUser>(
        `insert into users (phone, name, password_hash, phone_verified_at, created_at, updated_at)
         values ($1, $2, $3, $4, $4, $4) returning ${userColumns}`,
        [user.phone, user.name, user.passwordHash, user.at],
      );
      return rows[0]!;
    },
    async setPassword(id: number, passwordHash: string, at: string): Promise<void> {
      await db.query('update users set password_hash = $2, updated_at = $3 where id = $1', [id, passwordHash, at]);
    },
    /**
     * Sets the password only while the stored hash is still `expectedHash` (the one the caller's
     * current password was checked against); false when another change got there first.
     */
    async replacePassword(id: number, expectedHash: string, passwordHash: string, at: string): Promise<boolean> {
      const rows = await db.query('update users set password_hash = $3, updated_at = $4 where id = $1 and password_hash = $2 returning id', [id, expectedHash, passwordHash, at]);
      return rows.length > 0;
    },
    /** `email: null` clears it; an absent field stays as it is. */
    async update(id: number, fields: { name?: string; email?: string | null }, at: string): Promise<SessionUser | null> {
      const rows = await db.query<SessionUser>(
        `update users set
           name = case when $2::boolean then $3 else name end,
           email = case when $4::boolean then $5 else email end,
           updated_at = $6
         where id = $1 returning ${userColumns}`,
        [id, fields.name !== undefined, fields.name ?? null, fields.email !== undefined, fields.email ?? null, at],
      );
      return rows[0] ?? null;
    },
    async setPhone(id: number, phone: string, at: string): Promise<SessionUser | null> {
      const rows = await db.query<SessionUser>(
        `update users set phone = $2, phone_verified_at = $3, updated_at = $3 where id = $1 returning ${userColumns}`,
        [id, phone, at],
      );
      return rows[0] ?? null;
    },
    async setActiveProfile(id: number, profileId: number): Promise<void> {
      await db.query('update users set active_profile_id = $1, updated_at = now() where id = $2', [profileId, id]);
    },
    /** Makes `profileId` active for a user who acts for none yet (one who has chosen keeps his choice). */
    async setActiveProfileIfNone(id: number, profileId: number): Promise<void> {
      await db.query('update users set active_profile_id = $1, updated_at = now() where id = $2 and active_profile_id is null', [profileId, id]);
    },
    /** The user's personal profiles (not organisations) still named `from` take the name `to`. */
    async renamePersonalProfiles(id: number, from: string, to: string): Promise<void> {
      await db.query(`update profiles set name = $3, updated_at = now() where user_id = $1 and type <> 'organization' and name = $2`, [id, from, to]);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

export const toSessionUser = ({ id, phone, name, email, activeProfileId }: SessionUser): SessionUser => ({ id, phone, name, email, activeProfileId });
