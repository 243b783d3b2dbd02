import type { Address, Application, ApplicationStatus, LkApplicationSortField, NamedRef, Participation, Reply, TypeSort } from 'shared/contract';
import type { Queryable } from '../../db';
import { containsPattern, isoTimestamp, normText } from '../../db/sql';
import { HAS_EXECUTOR_PAGE } from '../executor/repository';
import { APPLICATION_NUMBER_QUERY, applicationOrders, applicationSelect, toApplication, type ApplicationRow } from './repository';

/** The lk list's orders: the public list's, and the last changed first or last. */
const lkOrders: Record<LkApplicationSortField, Record<TypeSort, string>> = {
  updatedAt: { asc: 'a.updated_at asc', desc: 'a.updated_at desc' },
  ...applicationOrders,
};

/** The fields of §8's bodies an application keeps (services as ids); null clears one (a draft's). */
export interface ApplicationFields {
  name?: string;
  description?: string | null;
  services?: number[];
  price?: number | null;
  deadline?: string | null;
  feedbackDeadline?: string | null;
  address?: Address | null;
  facilityId?: number | null;
}

/**
 * SQL: how the deal of reply `r` ended, null when it did not: a reply closed by `part()` (a stop
 * closes it `rejected`, a cancel `withdrawn`) had its close stamped with that transition's time.
 * `'stopped'` or `'cancelled'`, the values of a `Participation`.
 */
const dealEndOf = (r: string) =>
  `case when exists (select 1 from application_history h where h.application_id = ${r}.application_id and h.created_at = ${r}.updated_at
                       and h.to_status = case ${r}.status when 'rejected' then 'stopped_by_customer' when 'withdrawn' then 'cancelled_by_executor' end)
     then case ${r}.status when 'rejected' then 'stopped' else 'cancelled' end
   end`;

/** `ended`: the reply's deal ended (dealEndOf) — its page says «stopped», not «Отклонён». */
const replyColumns = `r.id, r.application_id as "applicationId",
  json_build_object('id', p.id, 'name', p.name, 'type', p.type, 'listed', ${HAS_EXECUTOR_PAGE}) as executor,
  r.price::float8 as price, r.seen_price::float8 as "seenPrice", r.comment, r.status, r.reason, ${dealEndOf('r')} as ended, ${isoTimestamp('r.created_at')} as "createdAt"`;

/**
 * SQL: profile `profile` replied to application `application`, in any reply status. The executor's
 * lk list and the visibility of `application/get` (the policy's `maySee`) both read this one
 * definition, so a list never holds an application its owner cannot open.
 */
export const repliedTo = (application: string, profile: string) =>
  `exists (select 1 from application_replies r where r.application_id = ${application} and r.executor_profile_id = ${profile})`;

/**
 * SQL: profile `profile`'s part in the application of table alias `a` (a `Participation`): named on
 * it, else what became of his last reply (its deal's end, dealEndOf, before its status), null when he
 * never replied. The executor's lk
 * list and `application/get` for a replier who is no party now both read this one definition.
 */
export const participationOf = (a: string, profile: string) =>
  `case when ${a}.executor_profile_id = ${profile} then 'executor'
     else (select coalesce(${dealEndOf('r')}, r.status)
       from application_replies r where r.application_id = ${a}.id and r.executor_profile_id = ${profile} order by r.id desc limit 1)
   end`;

/**
 * SQL: the status an executor's lk list shows for the application of alias `a` (the contract's
 * lkStatusLabel): his own deal's end once it ended, the application's status while he is named or
 * his reply waits on a published (or unpublished) one, none when another executor was named or his
 * reply was refused or withdrawn. The list's status filter reads this, so a chip lists exactly the
 * cards that carry its label.
 */
const executorsStatusOf = (a: string, profile: string) =>
  `case ${participationOf(a, profile)}
     when 'executor' then ${a}.status
     when 'stopped' then 'stopped_by_customer'
     when 'cancelled' then 'cancelled_by_executor'
     when 'active' then case when ${a}.status in ('published', 'unpublished') then ${a}.status end
   end`;

/** SQL: some user acts for both profiles `a` and `b` (owns one, or is a member of its organisation). */
const sharesUser = (a: string, b: string) => {
  const usersOf = (p: string) => `(select user_id from profiles where id = ${p} union select user_id from organization_members where organization_id = ${p})`;
  return `exists (${usersOf(a)} intersect ${usersOf(b)})`;
};

/** What a naming reads of a reply: whose, at what price (its own, or the application's it was sent at), and whether live. */
export interface ReplyTerms {
  profileId: number;
  price: number | null;
  seenPrice: number | null;
  status: Reply['status'];
}

const REPLY_TERMS = 'executor_profile_id as "profileId", price::float8 as price, seen_price::float8 as "seenPrice", status';

type ReplyRow = Omit<Reply, 'executor'> & { executor: Reply['executor'] | string };
const toReply = (row: ReplyRow): Reply => ({ ...row, executor: typeof row.executor === 'string' ? JSON.parse(row.executor) : row.executor });

/** Writes and party reads of the lk application calls; the public reads stay in repository.ts. */
export function lkRepository(db: Queryable) {
  return {
    /**
     * The new application's id; undefined when the profile has made one with `clientKey` already (a
     * call of the same key at once waits for the other's commit, and then adds nothing).
     */
    async insert(customerProfileId: number, status: ApplicationStatus, name: string, at: string, clientKey?: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `insert into applications (name, customer_profile_id, status, published_at, created_at, updated_at, client_key)
         values ($1, $2, $3, case when $3 = 'published' then $4::timestamptz end, $4, $4, $5)
         on conflict (customer_profile_id, client_key) where client_key is not null do nothing
         returning id`,
        [name, customerProfileId, status, at, clientKey ?? null],
      );
      return row?.id;
    },

    /** The profile's application made with `clientKey` (migration 029), if any, and its status now. */
    async byClientKey(customerProfileId: number, clientKey: string): Promise<{ id: number; status: ApplicationStatus } | undefined> {
      const [row] = await db.query<{ id: number; status: ApplicationStatus }>(
        'select id, status from applications where customer_profile_id = $1 and client_key = $2',
        [customerProfileId, clientKey],
      );
      return row;
    },

    /** Writes the given fields only; `services` replaces the set. */
    async writeFields(id: number, f: ApplicationFields): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [id];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (f.name !== undefined) set('name', f.name);
      if (f.description !== undefined) set('description', f.description ?? '');
      if (f.price !== undefined) set('price', f.price);
      if (f.deadline !== undefined) set('deadline', f.deadline);
      if (f.feedbackDeadline !== undefined) set('feedback_deadline', f.feedbackDeadline);
      if (f.facilityId !== undefined) set('facility_id', f.facilityId);
      if (f.address !== undefined) {
        set('address_value', f.address?.value ?? '');
        set('city_fias_id', f.address?.cityFiasId ?? null);
        set('geo_lat', f.address?.geoLat ?? null);
        set('geo_lon', f.address?.geoLon ?? null);
      }
      if (sets.length) await db.query(`update applications set ${sets.join(', ')} where id = $1`, params);
      if (f.services !== undefined) {
        await db.query('delete from application_services where application_id = $1', [id]);
        await db.query(
          'insert into application_services (application_id, service_id) select $1, unnest($2::int[]) on conflict do nothing',
          [id, [...new Set(f.services)]],
        );
      }
    },

    /**
     * What a reply is made on (`application/update`'s fields), as one comparable text: the same
     * before and after a save that changed nothing.
     */
    async terms(id: number): Promise<string> {
      const [row] = await db.query<{ terms: string }>(
        `select json_build_array(name, description, price, deadline, feedback_deadline, facility_id, address_value, city_fias_id,
           array(select service_id from application_services where application_id = a.id order by service_id))::text as terms
         from applications a where id = $1`,
        [id],
      );
      return row?.terms ?? '';
    },

    /**
     * Ids that name no service to order (a 422 rather than a foreign-key failure): unknown ones, and
     * groups, which are headings (QA AAC-5: the form could neither show nor remove one, and no
     * executor may offer one, as profile/service/add refuses it).
     */
    async unknownServices(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.query<{ id: number }>('select id from services where id = any($1::int[]) and parent_id is not null', [ids]);
      const known = new Set(rows.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },

    async facilityOwnedBy(facilityId: number, profileId: number): Promise<boolean> {
      const rows = await db.query('select 1 from facilities where id = $1 and profile_id = $2', [facilityId, profileId]);
      return rows.length > 0;
    },

    async find(id: number): Promise<Application | undefined> {
      const [row] = await db.query<ApplicationRow>(`${applicationSelect} where a.id = $1`, [id]);
      return row ? toApplication(row) : undefined;
    },

    async history(applicationId: number, customerProfileId: number, at: string, status: ApplicationStatus): Promise<void> {
      await db.query(
        `insert into application_history (application_id, from_status, to_status, actor_profile_id, actor_user_id, created_at)
         select $1, null, $3, $2, user_id, $4 from profiles where id = $2`,
        [applicationId, customerProfileId, status, at],
      );
    },

    /** The caller's applications: as customer those it owns, as executor those it replied to or is named on. */
    async listFor(
      profileId: number,
      role: 'customer' | 'executor',
      { status, query, page, limit, attributeSort = 'updatedAt', typeSort = 'desc' }: { status?: ApplicationStatus; query?: string; page: number; limit: number; attributeSort?: LkApplicationSortField; typeSort?: TypeSort },
    ): Promise<{ items: (Application & { participation?: Participation; activeReplies?: number })[]; total: number }> {
      const params: unknown[] = [profileId];
      const where = [
        role === 'customer'
          ? 'a.customer_profile_id = $1'
          : `(a.executor_profile_id = $1 or ${repliedTo('a.id', '$1')})`,
      ];
      if (status) {
        params.push(status);
        where.push(`${role === 'customer' ? 'a.status' : executorsStatusOf('a', '$1')} = $${params.length}`);
      }
      if (query) {
        // Case and ё/е do not matter, as in the catalogues; «10073» or «№ 10073» finds that number too.
        params.push(containsPattern(query));
        const byName = `${normText('a.name')} like $${params.length}`;
        const number = APPLICATION_NUMBER_QUERY.exec(query)?.[1];
        if (number) params.push(Number(number));
        where.push(number ? `(${byName} or a.number = $${params.length})` : byName);
      }
      const clause = `where ${where.join(' and ')}`;
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from applications a ${clause}`, params);
      const total = count?.total ?? 0;
      if (total <= (page - 1) * limit) return { items: [], total };
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} ${clause} order by ${lkOrders[attributeSort][typeSort]}, a.id ${typeSort} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, limit, (page - 1) * limit],
      );
      const items = rows.map(toApplication);
      if (!items.length) return { items, total };
      if (role === 'customer') {
        // The replies waiting on each (active ones): a customer sees on the card that one came.
        const counts = await db.query<{ id: number; n: number }>(
          `select application_id as id, count(*)::int as n from application_replies
           where application_id = any($1::int[]) and status = 'active' group by application_id`,
          [items.map((item) => item.id)],
        );
        const countOf = new Map(counts.map((row) => [row.id, row.n]));
        return { items: items.map((item) => ({ ...item, activeReplies: countOf.get(item.id) ?? 0 })), total };
      }
      // An executor's part in each (participationOf), and the price it sees: a replier left waiting
      // the customer's own, not the agreed one of the executor named over it (another's bid).
      const parts = await db.query<{ id: number; participation: Participation; price: number | null }>(
        `select a.id, ${participationOf('a', '$1')} as participation,
           (case when a.executor_profile_id = $1 then a.price else coalesce(a.asked_price, a.price) end)::float8 as price
         from applications a where a.id = any($2::int[])`,
        [profileId, items.map((item) => item.id)],
      );
      const partOf = new Map(parts.map((part) => [part.id, part]));
      return {
        items: items.map((item) => {
          const part = partOf.get(item.id);
          return { ...item, price: part ? part.price : item.price, participation: part?.participation ?? 'executor' };
        }),
        total,
      };
    },

    /** Profile `profileId`'s part in application `applicationId` (participationOf); undefined when it never replied nor was named. */
    async participation(applicationId: number, profileId: number): Promise<Participation | undefined> {
      const [row] = await db.query<{ participation: Participation | null }>(
        `select ${participationOf('a', '$2::int')} as participation from applications a where a.id = $1`,
        [applicationId, profileId],
      );
      return row?.participation ?? undefined;
    },

    // ---- Replies ----

    /** `seenPrice`: the application's price a reply without one of its own was sent at (migration 036). */
    async insertReply(applicationId: number, profileId: number, price: number | null, seenPrice: number | null, comment: string, at: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into application_replies (application_id, executor_profile_id, price, seen_price, comment, created_at, updated_at)
         values ($1, $2, $3, $6, $4, $5, $5) returning id`,
        [applicationId, profileId, price, comment, at, seenPrice],
      );
      return row!.id;
    },

    async reply(id: number): Promise<Reply | undefined> {
      const [row] = await db.query<ReplyRow>(`select ${replyColumns} from application_replies r join profiles p on p.id = r.executor_profile_id where r.id = $1`, [id]);
      return row && toReply(row);
    },

    /** Moves an active reply to `withdrawn` or `rejected`; answers its id, or nothing when none was active. */
    async closeReply(
      match: { applicationId: number; replyId?: number; profileId?: number },
      status: 'withdrawn' | 'rejected',
      reason: string | null,
      at: string,
    ): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `update application_replies set status = $4, reason = $5, updated_at = $6
         where application_id = $1 and status = 'active'
           and ($2::int is null or id = $2::int) and ($3::int is null or executor_profile_id = $3::int)
         returning id`,
        [match.applicationId, match.replyId ?? null, match.profileId ?? null, status, reason, at],
      );
      return row?.id;
    },

    /** Some user acts for both profiles (owns one and is a member of the other, or a member of both organisations). */
    async shareUser(a: number, b: number): Promise<boolean> {
      const [row] = await db.query<{ shared: boolean }>(`select ${sharesUser('$1', '$2')} as shared`, [a, b]);
      return row?.shared ?? false;
    },

    /** Reply `replyId` of the application, in any status (undefined: none such). */
    async replyOf(applicationId: number, replyId: number): Promise<ReplyTerms | undefined> {
      const [row] = await db.query<ReplyTerms>(`select ${REPLY_TERMS} from application_replies where id = $1 and application_id = $2`, [replyId, applicationId]);
      return row;
    },

    /**
     * The live reply the named executor was chosen by (his latest), whose terms the deal's price
     * was agreed at (`replyAgreedPrice`); undefined when he was named without one.
     */
    async namedReply(applicationId: number, executorProfileId: number): Promise<ReplyTerms | undefined> {
      const [row] = await db.query<ReplyTerms>(
        `select ${REPLY_TERMS} from application_replies
         where application_id = $1 and executor_profile_id = $2 and status = 'active' order by id desc limit 1`,
        [applicationId, executorProfileId],
      );
      return row;
    },

    /** The profiles with a live reply (but `except`): those still waiting on the customer's choice. */
    async activeRepliers(applicationId: number, except: number | null = null): Promise<number[]> {
      const rows = await db.query<{ profileId: number }>(
        `select executor_profile_id as "profileId" from application_replies
         where application_id = $1 and status = 'active' and executor_profile_id is distinct from $2::int`,
        [applicationId, except],
      );
      return rows.map((row) => row.profileId);
    },

    /**
     * The customer sees every reply, each live one not named yet saying whether its profile shares a
     * user with his (`sameUser`: naming it is refused, `selfDealing`); anyone else only its own.
     */
    async replies(applicationId: number, onlyProfileId: number | null): Promise<Reply[]> {
      const rows = await db.query<ReplyRow & { sameUser: boolean | null }>(
        `select ${replyColumns},
           case when $2::int is null and r.status = 'active' and a.executor_profile_id is distinct from r.executor_profile_id
             then ${sharesUser('r.executor_profile_id', 'a.customer_profile_id')} end as "sameUser"
         from application_replies r join profiles p on p.id = r.executor_profile_id join applications a on a.id = r.application_id
         where r.application_id = $1 and ($2::int is null or r.executor_profile_id = $2::int)
         order by r.created_at, r.id`,
        [applicationId, onlyProfileId],
      );
      return rows.map(({ sameUser, ...row }) => ({ ...toReply(row), ...(sameUser ? { sameUser } : {}) }));
    },

    // ---- The deal ----

    /**
     * The agreed price goes into `price`; the customer's own waits in `asked_price` (migration 020).
     * The customer's invoice for it is issued now (migration 028).
     */
    async name(applicationId: number, executorProfileId: number, price: number | null, at: string): Promise<void> {
      await db.query(
        `update applications set executor_profile_id = $2, asked_price = price, price = coalesce($3, price),
           payment_status = case when coalesce($3, price) > 0 then 'awaiting' else 'none' end,
           invoice_issue = invoice_issue + 1, invoice_issued_at = $4
         where id = $1`,
        [applicationId, executorProfileId, price, at],
      );
    },

    /** A new agreed price while the payment awaits: another invoice, for the new sum (migration 028). */
    async reissueInvoice(applicationId: number, at: string): Promise<void> {
      await db.query('update applications set invoice_issue = invoice_issue + 1, invoice_issued_at = $2 where id = $1', [applicationId, at]);
    },

    /**
     * The executor leaves (cancel or stop): unbound, its reply closed, the contract and report of
     * that deal set aside for him (a new executor signs new ones; the two sides still download them), the payment state as the money left it,
     * and the customer's own price back in place of the deal's.
     */
    async part(applicationId: number, executorProfileId: number, replyStatus: 'withdrawn' | 'rejected', paymentStatus: 'none' | 'refunded', at: string, reason: string | null = null) {
      await db.query(
        'update applications set executor_profile_id = null, payment_status = $2, price = coalesce(asked_price, price), asked_price = null where id = $1',
        [applicationId, paymentStatus],
      );
      // The reason goes with the closed reply: a stopped executor no longer sees the deal's history.
      await db.query(
        `update application_replies set status = $3, updated_at = $4, reason = $5 where application_id = $1 and executor_profile_id = $2 and status = 'active'`,
        [applicationId, executorProfileId, replyStatus, at, reason],
      );
      // Set aside, not lost: that deal's customer and executor still download them (pastDocuments).
      await db.query('update signed_documents set deleted_at = $2, set_aside_for = $3 where application_id = $1 and deleted_at is null', [applicationId, at, executorProfileId]);
    },

    /** Published now; `unpaid` when a new deal starts after money went back. */
    async markPublished(applicationId: number, at: string, { unpaid = false } = {}): Promise<void> {
      await db.query(
        `update applications set published_at = $2, payment_status = case when $3 then 'none' else payment_status end where id = $1`,
        [applicationId, at, unpaid],
      );
    },

    async setPaymentStatus(applicationId: number, status: string): Promise<void> {
      await db.query('update applications set payment_status = $2 where id = $1', [applicationId, status]);
    },

    /** The review given (null: none), as the detail shows it. */
    async review(applicationId: number): Promise<{ rating: number; text: string } | null> {
      const [row] = await db.query<{ rating: number | null; text: string | null }>('select review_rating as rating, review_text as text from applications where id = $1', [applicationId]);
      return row?.rating ? { rating: row.rating, text: row.text ?? '' } : null;
    },

    async setReview(applicationId: number, rating: number, text: string, at: string): Promise<void> {
      await db.query('update applications set review_rating = $2, review_text = $3, reviewed_at = $4 where id = $1', [applicationId, rating, text, at]);
    },

    async party(applicationId: number) {
      const [row] = await db.query<{
        executor: { id: number; name: string; type: 'customer' | 'executor' | 'organization' } | string | null;
        paymentStatus: string;
        price: number | null;
        reviewRating: number | null;
        reviewText: string | null;
        facility: { id: number; name: string } | string | null;
      }>(
        `select case when e.id is null then null else json_build_object('id', e.id, 'name', e.name, 'type', e.type) end as executor,
           a.payment_status as "paymentStatus", a.price::float8 as price,
           a.review_rating as "reviewRating", a.review_text as "reviewText",
           case when f.id is null then null else json_build_object('id', f.id, 'name', f.name) end as facility
         from applications a left join profiles e on e.id = a.executor_profile_id
           left join facilities f on f.id = a.facility_id
         where a.id = $1`,
        [applicationId],
      );
      return row;
    },

    /** The history, each entry with the executor a customer's step concerned (null for the others). */
    async historyOf(applicationId: number) {
      const rows = await db.query<{ status: ApplicationStatus; at: string; actorProfileId: number | null; comment: string | null; executor: NamedRef | string | null }>(
        `select h.to_status as status, ${isoTimestamp('h.created_at')} as at, h.actor_profile_id as "actorProfileId", h.comment,
           case when p.id is not null then json_build_object('id', p.id, 'name', p.name) end as executor
         from application_history h left join profiles p on p.id = h.executor_profile_id
         where h.application_id = $1 order by h.created_at, h.id`,
        [applicationId],
      );
      return rows.map((row) => ({ ...row, executor: typeof row.executor === 'string' ? (JSON.parse(row.executor) as NamedRef) : row.executor }));
    },

    /** The customer's invoice as last issued: its ordinal (0 before any) and date (migration 028). */
    async invoiceIssue(applicationId: number): Promise<{ issue: number; at: Date | null }> {
      const [row] = await db.query<{ issue: number; at: Date | string | null }>(
        'select invoice_issue as issue, invoice_issued_at as at from applications where id = $1',
        [applicationId],
      );
      return { issue: row?.issue ?? 0, at: row?.at ? new Date(row.at) : null };
    },

    /** Whether anyone has written about the application: its conversations keep it from being deleted. */
    async hasConversations(applicationId: number): Promise<boolean> {
      return (await db.query('select 1 from messagings where application_id = $1 limit 1', [applicationId])).length > 0;
    },

    /** The files the application takes along when deleted: its documents (it has no conversation then). */
    async storageKeysOf(applicationId: number): Promise<string[]> {
      const rows = await db.query<{ key: string }>('select storage_key as key from application_documents where application_id = $1', [applicationId]);
      return rows.map((r) => r.key);
    },

    async remove(applicationId: number): Promise<void> {
      await db.query('delete from applications where id = $1', [applicationId]);
    },
  };
}
export type LkRepository = ReturnType<typeof lkRepository>;
