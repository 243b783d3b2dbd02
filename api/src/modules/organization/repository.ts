import type { Address, Employee, EmployeeListFilter, Organization, OrganizationDocument, OrganizationRole } from 'shared/contract';
import { NAMED_APPLICATIONS_SHOWN, replyLiveStatuses } from 'shared/contract';
import type { Queryable } from '../../db';
import { containsPattern, isoTimestamp, nameSortKey, normText, rowOwner, wordPatterns } from '../../db/sql';
import type { UploadedFile } from '../../providers/storage/upload';
import { addDocumentOnce } from '../document/repository';
import { profilesRepository } from '../user/profiles-repository';

/** The columns an organisation's create and update write. */
export interface OrganizationFields {
  inn?: string;
  name?: string;
  kpp?: string | null;
  ogrn?: string | null;
  address?: Address | null;
  city?: Address | null;
  description?: string | null;
}

export interface Membership {
  id: number;
  organizationId: number;
  userId: number;
  director: boolean;
}

type OrganizationRow = Omit<Organization, 'address' | 'city' | 'documents'> & {
  addressValue: string | null;
  cityName: string | null;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
};

const organizationColumns = `p.id, p.name, p.inn, p.kpp, p.ogrn, p.description,
  p.address_value as "addressValue", p.city_name as "cityName", p.city_fias_id as "cityFiasId", p.geo_lat as "geoLat", p.geo_lon as "geoLon",
  json_build_object('userId', d.id, 'name', d.name) as director,
  case when m.director then 'director' else 'employee' end as role,
  coalesce(u.active_profile_id = p.id, false) as active`;

/** Joined for a viewer `$1`: the organisation, its director (profiles.user_id) and the viewer's membership. */
const organizationFrom = `profiles p
  join users d on d.id = p.user_id
  join organization_members m on m.organization_id = p.id and m.user_id = $1
  join users u on u.id = $1`;

function toOrganization(row: OrganizationRow): Omit<Organization, 'documents'> {
  const { addressValue, cityName, cityFiasId, geoLat, geoLon, director, ...rest } = row;
  return {
    ...rest,
    director: typeof director === 'string' ? JSON.parse(director) : director,
    address: addressValue === null ? null : { value: addressValue, cityFiasId, geoLat, geoLon },
    city: cityName === null ? null : { value: cityName, cityFiasId, geoLat: null, geoLon: null },
  };
}

const employeeColumns = `m.id, m.user_id as "userId", u.name, u.phone, m.position, m.director`;

const documentColumns = `d.id, d.name, d.mime_type as "mimeType", d.size_bytes as "sizeBytes", ${isoTimestamp('d.created_at')} as "uploadedAt"`;

/** Statuses in which an application is still going on for its customer or its named executor. */
const LIVE_AS_CUSTOMER = `('published', 'unpublished', 'executor_named', 'in_work', 'on_review', 'revision', 'executed')`;
const LIVE_AS_EXECUTOR = `('executor_named', 'in_work', 'on_review', 'revision', 'executed')`;

/** A column's new value: `$n` itself, or an expression of it (and of the row's old values). */
type Setter = [column: string, value: unknown, expression?: (param: string) => string];

function setters(f: OrganizationFields) {
  const sets: Setter[] = [];
  if (f.inn !== undefined) sets.push(['inn', f.inn]);
  if (f.name !== undefined) sets.push(['name', f.name]);
  if (f.kpp !== undefined) sets.push(['kpp', f.kpp]);
  if (f.ogrn !== undefined) sets.push(['ogrn', f.ogrn]);
  if (f.description !== undefined) sets.push(['description', f.description]);
  // The city the catalogues filter by (city_fias_id, migration 031): the one named in «Город»;
  // until one is, the legal address's. An address naming none (its text typed by hand) keeps the
  // city there was; no address at all leaves none but a named one.
  if (f.city !== undefined) sets.push(['city_name', f.city?.value ?? null], ['city_fias_id', f.city?.cityFiasId ?? null]);
  if (f.address !== undefined) {
    sets.push(['address_value', f.address?.value ?? null], ['geo_lat', f.address?.geoLat ?? null], ['geo_lon', f.address?.geoLon ?? null]);
    const fromAddress = (p: string) => (f.address ? `coalesce(${p}::text, city_fias_id)` : `${p}::text`);
    if (f.city === undefined) sets.push(['city_fias_id', f.address?.cityFiasId ?? null, (p) => `case when city_name is null then ${fromAddress(p)} else city_fias_id end`]);
  }
  return sets;
}

/** The registration numbers that name one organisation only: ИНН and ОГРН. */
export type UniqueField = 'inn' | 'ogrn';

/** The unique indexes of migration 027, by the field each keeps to one organisation. */
const UNIQUE_INDEXES: Record<string, UniqueField> = {
  profiles_organization_inn_once: 'inn',
  profiles_organization_ogrn_once: 'ogrn',
};

/** The field a unique violation (`isUniqueViolation`) of an organisation's write is about; null for another index. */
export function uniqueFieldOf(error: unknown): UniqueField | null {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' ? (UNIQUE_INDEXES[constraint] ?? null) : null;
}

/** The organisation holding row `id` of one of its tables, or null when there is none (cabinet `ownRow`). */
export function ownerIn(db: Queryable, table: 'organization_members' | 'organization_documents' | 'organization_invites', id: number): Promise<number | null> {
  return rowOwner(db, table, 'organization_id', id);
}

/** The staff list's order after its director (ARCHITECTURE §3's sort; QA OOO-2): by name or by joining. */
const employeeOrder = ({ attributeSort, typeSort }: Pick<EmployeeListFilter, 'attributeSort' | 'typeSort'>) => {
  const direction = typeSort === 'desc' ? 'desc' : 'asc';
  return attributeSort === 'id' ? `m.id ${direction}` : `${nameSortKey('u.name')} ${direction}, m.id ${direction}`;
};

/** Organisation profiles, their members and documents: SQL only. */
export function organizationRepository(db: Queryable) {
  return {
    /**
     * Which of the fields another organisation than `except` is already registered under: the ИНН
     * first, then the ОГРН (an absent or null one is nobody's); null when neither is taken.
     */
    async taken(f: Pick<OrganizationFields, 'inn' | 'ogrn'>, except?: number): Promise<UniqueField | null> {
      const inn = f.inn ?? null;
      const ogrn = f.ogrn ?? null;
      if (inn === null && ogrn === null) return null;
      const [row] = await db.query<{ field: UniqueField }>(
        `select case when inn = $1::text then 'inn' else 'ogrn' end as field from profiles
         where type = 'organization' and id <> coalesce($3::int, 0) and (inn = $1::text or ogrn = $2::text)
         order by case when inn = $1::text then 0 else 1 end limit 1`,
        [inn, ogrn, except ?? null],
      );
      return row?.field ?? null;
    },

    /** Whether the organisation with this ИНН is directed by `userId` (his own, made before: a call repeated after its answer was lost). */
    async directedBy(inn: string, userId: number): Promise<boolean> {
      const rows = await db.query(`select 1 from profiles where type = 'organization' and inn = $1 and user_id = $2`, [inn, userId]);
      return rows.length > 0;
    },

    /** A new organisation directed by `userId`: the profile and the director's membership. */
    async insert(userId: number, f: OrganizationFields & { inn: string; name: string }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into profiles (user_id, type, name, inn) values ($1, 'organization', $2, $3) returning id`,
        [userId, f.name, f.inn],
      );
      await this.update(row!.id, { kpp: f.kpp, ogrn: f.ogrn, address: f.address, city: f.city, description: f.description });
      await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true)', [row!.id, userId]);
      return row!.id;
    },

    async update(id: number, f: OrganizationFields): Promise<void> {
      const sets = setters(f);
      if (!sets.length) return;
      const params: unknown[] = [id, ...sets.map(([, v]) => v)];
      await db.query(
        `update profiles set ${sets.map(([c, , expression = (p) => p], i) => `${c} = ${expression(`$${i + 2}`)}`).join(', ')}, updated_at = now() where id = $1 and type = 'organization'`,
        params,
      );
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db.query(`select 1 from profiles where id = $1 and type = 'organization'`, [id]);
      return rows.length > 0;
    },

    /** Locks the organisation's profile row: staff changes of one organisation run one at a time. */
    async lock(id: number): Promise<boolean> {
      const rows = await db.query(`select 1 from profiles where id = $1 and type = 'organization' for update`, [id]);
      return rows.length > 0;
    },

    async membership(organizationId: number, userId: number): Promise<Membership | null> {
      const [row] = await db.query<Membership>(
        `select id, organization_id as "organizationId", user_id as "userId", director from organization_members
         where organization_id = $1 and user_id = $2`,
        [organizationId, userId],
      );
      return row ?? null;
    },

    /** The organisation as member `viewerId` sees it; null when it is none of his. */
    async find(id: number, viewerId: number): Promise<Omit<Organization, 'documents'> | null> {
      const [row] = await db.query<OrganizationRow>(
        `select ${organizationColumns} from ${organizationFrom} where p.id = $2 and p.type = 'organization'`,
        [viewerId, id],
      );
      return row ? toOrganization(row) : null;
    },

    async listOf(userId: number): Promise<Omit<Organization, 'documents'>[]> {
      const rows = await db.query<OrganizationRow>(
        `select ${organizationColumns} from ${organizationFrom} where p.type = 'organization' order by ${nameSortKey('p.name')}, p.id`,
        [userId],
      );
      return rows.map(toOrganization);
    },

    /** Applications still going on with the organisation as their customer or named executor: the first `limit` numbers and how many. */
    async liveApplications(id: number, limit = NAMED_APPLICATIONS_SHOWN): Promise<{ numbers: number[]; total: number }> {
      const rows = await db.query<{ number: number; total: number }>(
        `select number, count(*) over ()::int as total from applications
         where (customer_profile_id = $1 and status in ${LIVE_AS_CUSTOMER})
            or (executor_profile_id = $1 and status in ${LIVE_AS_EXECUTOR})
         order by id limit $2`,
        [id, limit],
      );
      return { numbers: rows.map((r) => r.number), total: rows[0]?.total ?? 0 };
    },

    /**
     * What of the organisation's is another user's too, which its delete would take along (QA
     * TTT-2): its active replies to others' applications that may still be chosen (and withdrawn:
     * one left on a deal accepted from another is history, QA AAE-1), and its conversations (either side).
     */
    async sharedWithOthers(id: number): Promise<{ activeReplies: number; conversations: number }> {
      const [row] = await db.query<{ activeReplies: number; conversations: number }>(
        `select (select count(*)::int from application_replies r join applications a on a.id = r.application_id
                 where r.executor_profile_id = $1 and r.status = 'active' and a.status = any($2::text[])) as "activeReplies",
                (select count(*)::int from messagings where customer_profile_id = $1 or executor_profile_id = $1) as conversations`,
        [id, replyLiveStatuses],
      );
      return row!;
    },

    /** Drafts go with their organisation (nobody else has seen them); their file keys for cleaning up. */
    async deleteDrafts(id: number): Promise<string[]> {
      // Drafts have no conversations (nobody could write about one), so their documents are all.
      const keys = await db.query<{ key: string }>(
        `select d.storage_key as key from application_documents d join applications a on a.id = d.application_id
         where a.customer_profile_id = $1 and a.status = 'draft'`,
        [id],
      );
      await db.query(`delete from applications where customer_profile_id = $1 and status = 'draft'`, [id]);
      return keys.map((k) => k.key);
    },

    /** The director's user (null: none, the organisation gone). */
    async directorUserId(organizationId: number): Promise<number | null> {
      const [row] = await db.query<{ userId: number }>('select user_id as "userId" from organization_members where organization_id = $1 and director', [organizationId]);
      return row?.userId ?? null;
    },

    /** Whether the user is a member of any organisation at all. */
    async isMemberOfAny(userId: number): Promise<boolean> {
      const rows = await db.query('select 1 from organization_members where user_id = $1 limit 1', [userId]);
      return rows.length > 0;
    },

    /** The users of the organisation's memberships other than the director's: whom its deletion concerns. */
    async staffUserIds(id: number): Promise<number[]> {
      const rows = await db.query<{ userId: number }>(`select user_id as "userId" from organization_members where organization_id = $1 and not director order by id`, [id]);
      return rows.map((row) => row.userId);
    },

    /** The users of all the organisation's memberships, the director's first: whom a change of it concerns. */
    async memberUserIds(id: number): Promise<number[]> {
      const rows = await db.query<{ userId: number }>(`select user_id as "userId" from organization_members where organization_id = $1 order by director desc, id`, [id]);
      return rows.map((row) => row.userId);
    },

    /**
     * Deletes the profile; members, invites, documents and its conversations cascade, and whoever
     * acted as it falls back to a profile of his own. Answers the file keys of its documents, of its
     * facilities' documents (the rows cascade with the facilities) and of its conversations' attachments.
     */
    async delete(id: number): Promise<string[]> {
      const keys = await db.query<{ key: string }>(
        `select storage_key as key from organization_documents where organization_id = $1
         union all
         select d.storage_key from facility_documents d join facilities f on f.id = d.facility_id where f.profile_id = $1
         union all
         select d.storage_key from message_documents d join messages m on m.id = d.message_id join messagings c on c.id = m.messaging_id
         where c.customer_profile_id = $1 or c.executor_profile_id = $1`,
        [id],
      );
      // Before the delete: its foreign key would leave the members acting as it with no profile at all.
      await profilesRepository(db).fallBackFrom(id);
      // Its notices too: with the profile gone (profile_id set null) they would pass for the members' own.
      await db.query(`delete from notifications where profile_id = $1`, [id]);
      await db.query(`delete from profiles where id = $1 and type = 'organization'`, [id]);
      return keys.map((k) => k.key);
    },

    // ---- Members ----

    async employees(
      organizationId: number,
      q: EmployeeListFilter,
    ): Promise<{ items: Employee[]; total: number }> {
      const params: unknown[] = [organizationId];
      let where = 'm.organization_id = $1';
      if (q.query) {
        // Name and position folded as the catalogues fold them: «петр» finds «Пётр», «Семён» finds «Семен».
        // Every word is found in one or the other, in any order: «Орлов Николай» finds «Николай Орлов».
        const add = (value: unknown) => `$${params.push(value)}`;
        const words = wordPatterns(q.query)
          .map((w) => add(w))
          .map((w) => `(${normText('u.name')} like ${w} or ${normText(`coalesce(m.position, '')`)} like ${w})`);
        const whole = add(containsPattern(q.query));
        const digits = q.query.replace(/\D/g, '');
        const someDigits = add(digits.length >= 3 ? `%${digits}%` : null);
        // A number typed as a phone starts with 8 or +7 (ARCHITECTURE §3 accepts «8 999 123 45 67»);
        // phones are stored from their 7: «8 999 12…» is the start of «7999 12…».
        const typedPhone = add(/^\s*(\+?7|8)/.test(q.query) && digits.length >= 4 ? `7${digits.slice(1)}%` : null);
        const byWords = words.length ? [`(${words.join(' and ')})`] : [];
        where += ` and (${[...byWords, `u.phone like ${whole}`, `(${someDigits}::text is not null and u.phone like ${someDigits})`, `(${typedPhone}::text is not null and u.phone like ${typedPhone})`].join(' or ')})`;
      }
      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
        `select count(*)::int as total from organization_members m join users u on u.id = m.user_id where ${where}`,
        params,
      );
      params.push(q.limit, (q.page - 1) * q.limit);
      const items = await db.query<Employee>(
        `select ${employeeColumns} from organization_members m join users u on u.id = m.user_id where ${where}
         order by m.director desc, ${employeeOrder(q)} limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { items, total };
    },

    async employee(organizationId: number, memberId: number): Promise<Employee | null> {
      const [row] = await db.query<Employee>(
        `select ${employeeColumns} from organization_members m join users u on u.id = m.user_id where m.organization_id = $1 and m.id = $2`,
        [organizationId, memberId],
      );
      return row ?? null;
    },

    /** The organisation a membership row belongs to, or null when there is none. */
    async organizationOfMember(memberId: number): Promise<number | null> {
      return ownerIn(db, 'organization_members', memberId);
    },

    async employeeByUser(organizationId: number, userId: number): Promise<Employee | null> {
      const [row] = await db.query<Employee>(
        `select ${employeeColumns} from organization_members m join users u on u.id = m.user_id where m.organization_id = $1 and m.user_id = $2`,
        [organizationId, userId],
      );
      return row ?? null;
    },

    /** Adds a member; an existing membership is left as it is. Answers whether a row was added. */
    async addMember(organizationId: number, userId: number, position: string | null): Promise<boolean> {
      const rows = await db.query(
        `insert into organization_members (organization_id, user_id, position) values ($1, $2, $3)
         on conflict (organization_id, user_id) do nothing returning id`,
        [organizationId, userId, position],
      );
      return rows.length > 0;
    },

    async setPosition(organizationId: number, memberId: number, position: string | null): Promise<boolean> {
      const rows = await db.query(
        `update organization_members set position = $3, updated_at = now() where organization_id = $1 and id = $2 returning id`,
        [organizationId, memberId, position],
      );
      return rows.length > 0;
    },

    /**
     * Removes a non-director member and takes the organisation off as his active profile (he falls
     * back to one of his own: `fallBackFrom`). Guarded:
     * false when the row is gone or has become the director's meanwhile.
     */
    async removeMember(organizationId: number, memberId: number): Promise<boolean> {
      const [row] = await db.query<{ userId: number }>(
        `delete from organization_members where organization_id = $1 and id = $2 and not director returning user_id as "userId"`,
        [organizationId, memberId],
      );
      if (!row) return false;
      await profilesRepository(db).fallBackFrom(organizationId, row.userId);
      // The organisation's notices he got as a member go with his access: they would lead him to
      // pages closed to him now («Заявка не найдена») and keep his bell counting them.
      await db.query(`delete from notifications where user_id = $1 and profile_id = $2`, [row.userId, organizationId]);
      return true;
    },

    /**
     * Hands the organisation over from director `fromUserId` to member `toMemberId`, each step
     * guarded (the one-director index forbids two at once, so the old one steps down first).
     * False when either side is not as expected; the caller's transaction then rolls back.
     */
    /**
     * The new director's user id, or what stood in the way: the caller is no longer the director
     * (`director_changed`), or the member is gone (`employee_gone`: removed, or left, meanwhile).
     */
    async handOver(organizationId: number, fromUserId: number, toMemberId: number): Promise<number | 'director_changed' | 'employee_gone'> {
      const down = await db.query(
        `update organization_members set director = false, updated_at = now() where organization_id = $1 and user_id = $2 and director returning id`,
        [organizationId, fromUserId],
      );
      if (!down.length) return 'director_changed';
      const [up] = await db.query<{ userId: number }>(
        `update organization_members set director = true, updated_at = now() where organization_id = $1 and id = $2 and not director
         returning user_id as "userId"`,
        [organizationId, toMemberId],
      );
      if (!up) return 'employee_gone';
      const owner = await db.query(
        `update profiles set user_id = $3, updated_at = now() where id = $1 and type = 'organization' and user_id = $2 returning id`,
        [organizationId, fromUserId, up.userId],
      );
      return owner.length ? up.userId : 'director_changed';
    },

    // ---- Documents ----

    async documents(organizationId: number): Promise<OrganizationDocument[]> {
      return db.query<OrganizationDocument>(
        `select ${documentColumns} from organization_documents d where d.organization_id = $1 order by d.created_at, d.id`,
        [organizationId],
      );
    },

    /** The upload's document: a new one, or the same file's already there (`addDocumentOnce`); run in a transaction. */
    insertDocument(organizationId: number, file: UploadedFile): Promise<{ document: OrganizationDocument; added: boolean }> {
      return addDocumentOnce<OrganizationDocument>(db, 'organization_documents', { ownerId: organizationId, file }, documentColumns);
    },

    async documentFile(organizationId: number, id: number): Promise<{ name: string; key: string; mime: string } | null> {
      const [row] = await db.query<{ name: string; key: string; mime: string }>(
        `select name, storage_key as key, mime_type as mime from organization_documents where organization_id = $1 and id = $2`,
        [organizationId, id],
      );
      return row ?? null;
    },

    /** The organisation holding a document, or null when there is none. */
    async organizationOfDocument(id: number): Promise<number | null> {
      return ownerIn(db, 'organization_documents', id);
    },

    async deleteDocument(organizationId: number, id: number): Promise<string | null> {
      const [row] = await db.query<{ key: string }>(
        `delete from organization_documents where organization_id = $1 and id = $2 returning storage_key as key`,
        [organizationId, id],
      );
      return row?.key ?? null;
    },
  };
}
export type OrganizationRepository = ReturnType<typeof organizationRepository>;

export type { OrganizationRole };
