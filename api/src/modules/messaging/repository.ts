import type { ApplicationStatus, Message, MessageDocument, Messaging, ProfileType } from 'shared/contract';
import type { Queryable } from '../../db';
import { containsPattern, isoTimestamp, normText, prefixTsQuery, prefixTsQuerySql } from '../../db/sql';
import type { ConversationParties, StartFacts } from '../../policy/messaging';
import type { UploadedFile } from '../../providers/storage/upload';

/**
 * A filter's `from`/`to` dates are days in the reader's zone (the days his thread is grouped by),
 * else Moscow days, as the lifecycle's calendar (`todayIn`, lifecycle.ts). They become the instants
 * their midnights fall on, in SQL (the zone database knows every zone's past offsets).
 */
const DEFAULT_DAY_ZONE = 'Europe/Moscow';

export interface ThreadFilter {
  query?: string;
  from?: string;
  to?: string;
  /** An IANA zone name (the contract's `isTimeZoneName`); DEFAULT_DAY_ZONE without it. */
  timeZone?: string;
  afterId?: number;
  page: number;
  limit: number;
}

/** `messaging/get-collection`'s filter: one conversation (`id`), one application's, or all; a page. */
export interface ListFilter {
  id?: number;
  applicationId?: number;
  page: number;
  limit: number;
}

export interface ConversationRow extends ConversationParties {
  id: number;
  applicationId: number;
}

export interface MessageDocumentRow extends ConversationParties {
  id: number;
  name: string;
  storageKey: string;
  mimeType: string;
}

interface MessagingRow {
  id: number;
  applicationId: number;
  applicationNumber: number;
  applicationName: string;
  interlocutorId: number;
  interlocutorName: string;
  interlocutorType: ProfileType;
  lastText: string | null;
  lastAt: string | null;
  unread: number;
}

type MessageRow = Omit<Message, 'author' | 'writer' | 'documents'> & {
  authorId: number;
  authorName: string;
  writerId: number | null;
  writerName: string | null;
};

const messageColumns = `m.id, m.messaging_id as "messagingId", p.id as "authorId", p.name as "authorName",
  w.id as "writerId", w.name as "writerName", m.text,
  ${isoTimestamp('m.created_at')} as "createdAt", m.read_at is not null as read`;

/** A message's author profile and, for an organisation's, the member who wrote it (`messageColumns`). */
const messageAuthors = `messages m join profiles p on p.id = m.author_profile_id
  left join users w on w.id = m.author_user_id and p.type = 'organization'`;

/** Unread by profile `$1`: what the other side wrote and `$1`'s side has not read (messages_unread_idx). */
const unreadIn = (messaging: string) =>
  `select count(*)::int from messages u where u.messaging_id = ${messaging} and u.read_at is null and u.author_profile_id <> $1`;

/** The same over all of profile `$1`'s conversations (the header badge). */
const unreadTotalOf = `select count(*)::int from messages u join messagings g on g.id = u.messaging_id
  where (g.customer_profile_id = $1 or g.executor_profile_id = $1) and u.read_at is null and u.author_profile_id <> $1`;

function toMessaging(r: MessagingRow): Messaging {
  return {
    id: r.id,
    application: { id: r.applicationId, number: r.applicationNumber, name: r.applicationName },
    interlocutor: { id: r.interlocutorId, name: r.interlocutorName, type: r.interlocutorType },
    lastMessage: r.lastAt === null ? null : { text: r.lastText ?? '', createdAt: r.lastAt },
    unread: r.unread,
  };
}

/** The SQL of messaging (ARCHITECTURE §8 "Messaging"); who may see what is the policy's. */
export function messagingRepository(db: Queryable) {
  /** Documents of several messages, oldest first: one query for a whole page. */
  async function documentsOf(messageIds: number[]): Promise<Map<number, MessageDocument[]>> {
    const out = new Map<number, MessageDocument[]>(messageIds.map((id) => [id, []]));
    if (messageIds.length === 0) return out;
    const rows = await db.query<MessageDocument & { messageId: number }>(
      `select message_id as "messageId", id, name, size_bytes as "sizeBytes" from message_documents
       where message_id = any($1::int[]) order by id`,
      [messageIds],
    );
    for (const { messageId, ...doc } of rows) out.get(messageId)?.push(doc);
    return out;
  }

  async function shape(rows: MessageRow[]): Promise<Message[]> {
    const docs = await documentsOf(rows.map((r) => r.id));
    return rows.map(({ authorId, authorName, writerId, writerName, ...m }) => ({
      ...m,
      author: { id: authorId, name: authorName },
      writer: writerId === null || writerName === null ? null : { id: writerId, name: writerName },
      documents: docs.get(m.id) ?? [],
    }));
  }

  return {
    async find(id: number): Promise<ConversationRow | undefined> {
      const [row] = await db.query<ConversationRow>(
        `select id, application_id as "applicationId", customer_profile_id as "customerProfileId", executor_profile_id as "executorProfileId"
         from messagings where id = $1`,
        [id],
      );
      return row;
    },

    /**
     * The facts for starting a conversation about application `$1` by profile `$2`: the candidate
     * executor side is `$2` itself, or `$3` when `$2` is the application's customer.
     */
    async startFacts(applicationId: number, profileId: number, targetId: number | null): Promise<StartFacts | undefined> {
      const [row] = await db.query<Omit<StartFacts, 'candidate'> & StartFacts['candidate']>(
        `select a.status, a.published_at is not null as "everPublished",
           a.customer_profile_id as "customerProfileId", a.executor_profile_id as "namedProfileId",
           exists (select 1 from application_replies r where r.application_id = a.id and r.executor_profile_id = c.id) as replied,
           exists (select 1 from application_replies r where r.application_id = a.id and r.executor_profile_id = c.id and r.status = 'active') as "activeReply",
           exists (select 1 from messagings g where g.application_id = a.id and g.executor_profile_id = c.id) as started
         from applications a
         cross join lateral (select case when a.customer_profile_id = $2 then $3::int else $2 end as id) c
         where a.id = $1`,
        [applicationId, profileId, targetId],
      );
      if (!row) return undefined;
      const { replied, activeReply, started, ...facts } = row;
      return { ...facts, status: facts.status as ApplicationStatus, candidate: { replied, activeReply, started } };
    },

    /** Starts the conversation or, when it exists (a concurrent start too), continues it: one statement. */
    async upsert(applicationId: number, customerProfileId: number, executorProfileId: number, at: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into messagings (application_id, customer_profile_id, executor_profile_id, created_at, last_message_at)
         values ($1, $2, $3, $4, $4)
         on conflict (application_id, executor_profile_id)
           do update set last_message_at = greatest(messagings.last_message_at, excluded.last_message_at)
         returning id`,
        [applicationId, customerProfileId, executorProfileId, at],
      );
      return row!.id;
    },

    /** The application a conversation is about: its id and number (a message notice names it). */
    async applicationOf(messagingId: number): Promise<{ id: number; number: number }> {
      const [row] = await db.query<{ id: number; number: number }>(
        'select a.id, a.number from messagings g join applications a on a.id = g.application_id where g.id = $1',
        [messagingId],
      );
      return row!;
    },

    async touch(id: number, at: string): Promise<void> {
      await db.query('update messagings set last_message_at = greatest(last_message_at, $2) where id = $1', [id, at]);
    },

    async insertMessage(m: { messagingId: number; authorProfileId: number; authorUserId: number; text: string; at: string; clientKey?: string | undefined }): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into messages (messaging_id, author_profile_id, author_user_id, text, created_at, client_key) values ($1, $2, $3, $4, $5, $6) returning id`,
        [m.messagingId, m.authorProfileId, m.authorUserId, m.text, m.at, m.clientKey ?? null],
      );
      return row!.id;
    },

    /** The author profile's message sent with this client key before, if any. */
    async messageByKey(authorProfileId: number, clientKey: string): Promise<{ id: number; text: string } | undefined> {
      const [row] = await db.query<{ id: number; text: string }>(`select id, text from messages where author_profile_id = $1 and client_key = $2`, [authorProfileId, clientKey]);
      return row;
    },

    async insertDocuments(messageId: number, files: readonly UploadedFile[], at: string): Promise<void> {
      if (files.length === 0) return;
      await db.query(
        `insert into message_documents (message_id, name, storage_key, mime_type, size_bytes, sha256, created_at)
         select $1, f.name, f.key, f.mime, f.size, f.sha256, $7
         from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) as f(name, key, mime, size, sha256)`,
        [messageId, files.map((f) => f.name), files.map((f) => f.key), files.map((f) => f.mime), files.map((f) => f.sizeBytes), files.map((f) => f.sha256), at],
      );
    },

    async message(id: number): Promise<Message | undefined> {
      const rows = await db.query<MessageRow>(`select ${messageColumns} from ${messageAuthors} where m.id = $1`, [id]);
      return (await shape(rows))[0];
    },

    /** One conversation's messages, newest first, filtered (spec §3); a page and the total. */
    async thread(messagingId: number, f: ThreadFilter): Promise<{ items: Message[]; total: number }> {
      const params: unknown[] = [messagingId];
      const add = (value: unknown) => `$${params.push(value)}`;
      const where = ['m.messaging_id = $1'];
      if (f.query !== undefined) {
        // The text: the catalogue's search, every word as a prefix, Russian stemming (case and ё/е
        // do not matter). A document's name is searched as a substring too: the parser reads
        // «photo.png» as one file-name token, which neither «png» nor «photo.png» as a prefix query
        // finds. One conversation's documents are few, so the LIKE reads them without an index.
        const inText: string[] = [];
        const inName = [`${normText('d.name')} like ${add(containsPattern(f.query))}`];
        const tsQuery = prefixTsQuery(f.query);
        if (tsQuery) {
          const q = prefixTsQuerySql(add(tsQuery));
          inText.push(`to_tsvector('russian', m.text) @@ ${q}`);
          inName.push(`to_tsvector('russian', d.name) @@ ${q}`);
        }
        const inDocuments = `exists (select 1 from message_documents d where d.message_id = m.id and (${inName.join(' or ')}))`;
        where.push(`(${[...inText, inDocuments].join(' or ')})`);
      }
      if (f.from !== undefined || f.to !== undefined) {
        const zone = add(f.timeZone ?? DEFAULT_DAY_ZONE);
        if (f.from !== undefined) where.push(`m.created_at >= (${add(f.from)}::date)::timestamp at time zone ${zone}`);
        if (f.to !== undefined) where.push(`m.created_at < (${add(f.to)}::date + 1)::timestamp at time zone ${zone}`);
      }
      if (f.afterId !== undefined) where.push(`m.id > ${add(f.afterId)}`);
      const clause = where.join(' and ');
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from messages m where ${clause}`, params);
      const total = count?.total ?? 0;
      if (total <= (f.page - 1) * f.limit) return { items: [], total };
      const rows = await db.query<MessageRow>(
        `select ${messageColumns} from ${messageAuthors}
         where ${clause} order by m.id desc limit ${add(f.limit)} offset ${add((f.page - 1) * f.limit)}`,
        params,
      );
      return { items: await shape(rows), total };
    },

    /**
     * Profile `$1`'s conversations on either side, newest activity first, each with its
     * application, the other side, the last message and the unread count: one statement for the
     * page, one for the totals. `id` and `applicationId` narrow within the profile's own.
     */
    async list(profileId: number, f: ListFilter): Promise<{ items: Messaging[]; total: number; unread: number }> {
      const params: unknown[] = [profileId];
      const add = (value: unknown) => `$${params.push(value)}`;
      const narrow =
        (f.id === undefined ? '' : ` and g.id = ${add(f.id)}`) + (f.applicationId === undefined ? '' : ` and g.application_id = ${add(f.applicationId)}`);
      const [totals] = await db.query<{ total: number; unread: number }>(
        `select (select count(*)::int from messagings g where (g.customer_profile_id = $1 or g.executor_profile_id = $1)${narrow}) as total,
           (${unreadTotalOf}) as unread`,
        params,
      );
      const { total, unread } = totals!;
      if (total <= (f.page - 1) * f.limit) return { items: [], total, unread };
      // Each side read off its own index; the two sides never share a row (customer <> executor).
      const rows = await db.query<MessagingRow>(
        `with mine as (
           select g.id, g.application_id, g.last_message_at, g.executor_profile_id as other_id from messagings g where g.customer_profile_id = $1${narrow}
           union all
           select g.id, g.application_id, g.last_message_at, g.customer_profile_id from messagings g where g.executor_profile_id = $1${narrow}
         )
         select g.id, a.id as "applicationId", a.number as "applicationNumber", a.name as "applicationName",
           p.id as "interlocutorId", p.name as "interlocutorName", p.type as "interlocutorType",
           -- A message of files only reads as their names.
           coalesce(nullif(last.text, ''), (select string_agg(d.name, ', ' order by d.id) from message_documents d where d.message_id = last.id), last.text) as "lastText",
           ${isoTimestamp('last.created_at')} as "lastAt",
           (${unreadIn('g.id')}) as unread
         from mine g
         join applications a on a.id = g.application_id
         join profiles p on p.id = g.other_id
         left join lateral (select m.id, m.text, m.created_at from messages m where m.messaging_id = g.id order by m.id desc limit 1) last on true
         order by g.last_message_at desc, g.id desc
         limit ${add(f.limit)} offset ${add((f.page - 1) * f.limit)}`,
        params,
      );
      return { items: rows.map(toMessaging), total, unread };
    },

    /** Marks read what the other side wrote to `profileId` (only unread rows: a guarded update); answers how many. */
    async markRead(messagingId: number, profileId: number, at: string): Promise<number> {
      const rows = await db.query(
        'update messages set read_at = $3 where messaging_id = $1 and author_profile_id <> $2 and read_at is null returning id',
        [messagingId, profileId, at],
      );
      return rows.length;
    },

    /** Profile `$1`'s unread messages over all its conversations. */
    async unreadTotal(profileId: number): Promise<number> {
      const [row] = await db.query<{ unread: number }>(`select (${unreadTotalOf}) as unread`, [profileId]);
      return row?.unread ?? 0;
    },

    async findDocument(id: number): Promise<MessageDocumentRow | undefined> {
      const [row] = await db.query<MessageDocumentRow>(
        `select d.id, d.name, d.storage_key as "storageKey", d.mime_type as "mimeType",
           g.customer_profile_id as "customerProfileId", g.executor_profile_id as "executorProfileId"
         from message_documents d join messages m on m.id = d.message_id join messagings g on g.id = m.messaging_id
         where d.id = $1`,
        [id],
      );
      return row;
    },
  };
}
export type MessagingRepository = ReturnType<typeof messagingRepository>;
