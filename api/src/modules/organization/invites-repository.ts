import type { InviteClosedBy, OrganizationInvite } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';
import { ownerIn } from './repository';

export interface InviteRow {
  id: number;
  organizationId: number;
  organizationName: string;
  phone: string;
  position: string | null;
  expiresAt: Date;
}

/** What became of a code that no longer works (findClosed). */
export interface ClosedInvite {
  status: 'approved' | 'cancelled';
  organizationId: number;
  closedBy: InviteClosedBy | null;
  /** The organisation invited the phone again after it. */
  replaced: boolean;
}

const inviteColumns = (at: string) => `i.id, i.phone, i.position, i.status, i.closed_by as "closedBy", i.status = 'pending' and i.expires_at > ${at} as live,
  ${isoTimestamp('i.expires_at')} as "expiresAt", ${isoTimestamp('i.created_at')} as "createdAt"`;

/** Employee invites (organization_invites): SQL only. Codes are stored as their HMAC. */
export function invitesRepository(db: Queryable) {
  return {
    /** Withdraws the organisation's pending invite to a phone (a new invite replaces it); answers how many it withdrew (0 or 1). */
    async cancelPendingFor(organizationId: number, phone: string): Promise<number> {
      const rows = await db.query(
        `update organization_invites set status = 'cancelled', closed_by = 'reinvite', updated_at = now()
         where organization_id = $1 and phone = $2 and status = 'pending' returning id`,
        [organizationId, phone],
      );
      return rows.length;
    },

    /** Null when the code's hash is already taken by a pending invite (the caller draws another). */
    async insert(f: { organizationId: number; phone: string; position: string | null; codeHash: string; invitedBy: number; expiresAt: string; at: string }): Promise<OrganizationInvite | null> {
      const [row] = await db.query<OrganizationInvite>(
        `insert into organization_invites as i (organization_id, phone, position, code_hash, invited_by, expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)
         on conflict (code_hash) where status = 'pending' do nothing
         returning ${inviteColumns('$7::timestamptz')}`,
        [f.organizationId, f.phone, f.position, f.codeHash, f.invitedBy, f.expiresAt, f.at],
      );
      return row ?? null;
    },

    /** The pending invite with this code hash for this phone, expired or not. */
    async findPending(codeHash: string, phone: string): Promise<InviteRow | null> {
      const [row] = await db.query<InviteRow>(
        `select i.id, i.organization_id as "organizationId", p.name as "organizationName", i.phone, i.position, i.expires_at as "expiresAt"
         from organization_invites i join profiles p on p.id = i.organization_id
         where i.code_hash = $1 and i.phone = $2 and i.status = 'pending'`,
        [codeHash, phone],
      );
      return row ?? null;
    },

    /**
     * The newest closed invite with this code hash for this phone: what became of a code that no
     * longer works. Served by organization_invites_closed_code_idx (the pending ones' unique index
     * is partial) and, for `replaced`, organization_invites_organization_phone_idx.
     */
    async findClosed(codeHash: string, phone: string): Promise<ClosedInvite | null> {
      const [row] = await db.query<ClosedInvite>(
        `select i.status, i.organization_id as "organizationId", i.closed_by as "closedBy",
           exists (select 1 from organization_invites n where n.organization_id = i.organization_id and n.phone = i.phone and n.id > i.id) as replaced
         from organization_invites i
         where i.code_hash = $1 and i.phone = $2 and i.status <> 'pending'
         order by i.id desc limit 1`,
        [codeHash, phone],
      );
      return row ?? null;
    },

    /**
     * Pending → approved or declined (cancelled) by the invitee `userId`, guarded: false when
     * another request got there first.
     */
    async close(id: number, status: 'approved' | 'cancelled', userId: number, at: string): Promise<boolean> {
      const rows = await db.query(
        `update organization_invites set status = $2, approved_by = $3, closed_by = 'invitee', updated_at = $4
         where id = $1 and status = 'pending' returning id`,
        [id, status, userId, at],
      );
      return rows.length > 0;
    },

    /** The live (pending, unexpired) invites to a phone, with their organisation's name. */
    async liveFor(phone: string, at: string): Promise<Array<{ organizationId: number; organizationName: string }>> {
      return db.query<{ organizationId: number; organizationName: string }>(
        `select i.organization_id as "organizationId", p.name as "organizationName"
         from organization_invites i join profiles p on p.id = i.organization_id
         where i.phone = $1 and i.status = 'pending' and i.expires_at > $2::timestamptz order by i.id`,
        [phone, at],
      );
    },

    /** The director withdraws a pending invite of his organisation (or it goes with its failed SMS). */
    async withdraw(organizationId: number, id: number, at: string): Promise<OrganizationInvite | null> {
      const [row] = await db.query<OrganizationInvite>(
        `update organization_invites as i set status = 'cancelled', closed_by = 'director', updated_at = $3
         where i.organization_id = $1 and i.id = $2 and i.status = 'pending' returning ${inviteColumns('$3::timestamptz')}`,
        [organizationId, id, at],
      );
      return row ?? null;
    },

    /** How a closed invite of the organisation was closed, and by whom when accepted (withdrawn too late). */
    async closedOf(organizationId: number, id: number): Promise<{ status: string; closedBy: InviteClosedBy | null; acceptedBy: string | null } | null> {
      const [row] = await db.query<{ status: string; closedBy: InviteClosedBy | null; acceptedBy: string | null }>(
        `select i.status, i.closed_by as "closedBy", case when i.status = 'approved' then u.name end as "acceptedBy"
         from organization_invites i left join users u on u.id = i.approved_by
         where i.organization_id = $1 and i.id = $2 and i.status <> 'pending'`,
        [organizationId, id],
      );
      return row ?? null;
    },

    /** The organisation that sent an invite (pending or closed), or null when there is none. */
    async organizationOf(id: number): Promise<number | null> {
      return ownerIn(db, 'organization_invites', id);
    },

    async list(organizationId: number, q: { status?: string; page: number; limit: number; at: string }): Promise<{ items: OrganizationInvite[]; total: number }> {
      const params: unknown[] = [organizationId, q.status ?? null];
      const where = `i.organization_id = $1 and ($2::text is null or i.status = $2)`;
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(`select count(*)::int as total from organization_invites i where ${where}`, params);
      const items = await db.query<OrganizationInvite>(
        `select ${inviteColumns('$3::timestamptz')} from organization_invites i where ${where}
         order by i.status = 'pending' desc, i.created_at desc, i.id desc limit $4 offset $5`,
        [...params, q.at, q.limit, (q.page - 1) * q.limit],
      );
      return { items, total };
    },

    /** A registered user with this phone (to notify), or null. */
    async userIdByPhone(phone: string): Promise<number | null> {
      const [row] = await db.query<{ id: number }>('select id from users where phone = $1', [phone]);
      return row?.id ?? null;
    },
  };
}
