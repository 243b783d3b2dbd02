import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { conversationPath, MESSAGING_MESSAGES, visibleLength, type Message, type MessageCreateFields, type MessageEvent, type MessageReadEvent } from 'shared/contract';
import type { Db, Queryable } from '../../db';
import { findByRequestId, isStorableId, isUniqueViolation } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import { emitAfterCommit, profileRoom } from '../../plugins/socket';
import { activeProfile } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { conversationNotFound, conversationOf, decideStart, mayDownload } from '../../policy/messaging';
import type { FileStorage } from '../../providers/storage';
import type { Download } from '../../providers/storage/attachment';
import { keepingFiles, removeFiles, type UploadedFile } from '../../providers/storage/upload';
import type { RequestCounts } from '../auth/rate-limit/flood-limits';
import { notificationRepository } from '../notification/repository';
import { messagingRepository, type ListFilter, type ThreadFilter } from './repository';

export interface MessagingServiceDeps {
  db: Db;
  storage: FileStorage;
  /** The socket server: events go out after the commit, to the other party's profile room. */
  io?: Pick<Server, 'to'>;
  now: () => Date;
  log?: FastifyBaseLogger;
}

const empty = () => new AppError(422, 'validation', MESSAGING_MESSAGES.empty, { text: MESSAGING_MESSAGES.empty });

/** `message/create` naming a conversation and, besides, an application or profile that is not its own. */
const TARGET_MISMATCH_MESSAGES = { applicationId: MESSAGING_MESSAGES.otherApplication, profileId: MESSAGING_MESSAGES.otherInterlocutor } as const;
const mismatch = (field: keyof typeof TARGET_MISMATCH_MESSAGES) =>
  new AppError(422, 'validation', TARGET_MISMATCH_MESSAGES[field], { [field]: TARGET_MISMATCH_MESSAGES[field] });

/**
 * PostgreSQL's invalid_parameter_value: here, a zone the contract let through (Intl knows it) that
 * the database's zone data does not (a newer zone, or a name tzdata has dropped and ICU keeps).
 */
const isUnknownZone = (error: unknown): boolean => (error as { code?: string } | null)?.code === '22023';
const unknownZone = () => new AppError(422, 'validation', MESSAGING_MESSAGES.timeZone, { timeZone: MESSAGING_MESSAGES.timeZone });

/**
 * The text of a message notice (notification/message/get-collection): the application and who
 * wrote, «…: Иван Петров» as a reply's notice has it, not «от Иван Петров» (a name after «от» wants
 * its genitive, which no code declines right: QA Q-7).
 */
export const messageNoticeText = (applicationNumber: number, authorName: string) => `Новое сообщение по заявке № ${applicationNumber}: ${authorName}`;

/** The conversation a message goes to, and the profile on the other side. */
interface Target {
  messagingId: number;
  profileId: number;
  interlocutorId: number;
}

/** `message/create`'s conversation: an existing one, or the two sides of one to start or continue. */
type Decision = { existing: Target } | { existing: null; start: { applicationId: number; customerProfileId: number; executorProfileId: number } };

/**
 * Messaging (ARCHITECTURE §8 "Messaging", spec §7 "Messages"): conversations between an
 * application's customer and one executor-side profile. Who may do what is policy/messaging.ts;
 * this reads the facts, writes in one transaction and tells the other party after the commit.
 * Received files are stored before the transaction (a stream cannot wait on a lock) and removed
 * when it fails, so a refused message leaves neither a row nor a file.
 */
export function messagingService({ db, storage, io, now, log }: MessagingServiceDeps) {
  const repo = messagingRepository(db);

  /** An existing conversation as the caller sees it; 404 for one that is missing or not his. */
  async function conversation(q: Queryable, caller: Caller, messagingId: number): Promise<Target & { applicationId: number }> {
    activeProfile(caller); // 403 without a profile before any lookup
    const row = await findByRequestId(messagingId, messagingRepository(q).find);
    const { profile, interlocutorId } = conversationOf(caller, row);
    return { messagingId: row!.id, profileId: profile.id, interlocutorId, applicationId: row!.applicationId };
  }

  /** The decision on `message/create`'s fields: the conversation's two sides (the executor's when starting one). */
  async function decide(q: Queryable, caller: Caller, fields: MessageCreateFields): Promise<Decision> {
    if (fields.messagingId !== undefined) {
      const { applicationId, ...existing } = await conversation(q, caller, fields.messagingId);
      // The body is a conversation or an application (ARCHITECTURE §8): both only when they agree,
      // else the message would quietly go somewhere the sender did not mean.
      if (fields.applicationId !== undefined && fields.applicationId !== applicationId) throw mismatch('applicationId');
      if (fields.profileId !== undefined && fields.profileId !== existing.interlocutorId) throw mismatch('profileId');
      return { existing };
    }
    const profile = activeProfile(caller);
    const applicationId = fields.applicationId!;
    const target = fields.profileId;
    if (target !== undefined && !isStorableId(target)) throw conversationNotFound();
    const facts = await findByRequestId(applicationId, (id) => messagingRepository(q).startFacts(id, profile.id, target ?? null));
    const executorProfileId = decideStart(caller, facts, target);
    return { existing: null, start: { applicationId, customerProfileId: facts!.customerProfileId, executorProfileId } };
  }

  /**
   * Socket events for both sides' profile rooms: the other party, and every other tab and device
   * acting for the caller's profile (the user's own, an organisation's other members), so a
   * message sent or read in one of them shows in all (the thread, the unread counters). The tab
   * that acted hears it too; the client's handling is idempotent (a message known by id, a read
   * already applied). After the commit: a failed emit is logged and never fails the call (QA Y-4).
   */
  function tell(target: Target, event: 'message' | 'message:read', payload: MessageEvent | MessageReadEvent) {
    emitAfterCommit(io, [profileRoom(target.interlocutorId), profileRoom(target.profileId)], event, payload, log, { messagingId: target.messagingId });
  }

  return {
    /** The checks of `message/create` before a byte of a file is stored. */
    async checkCreate(caller: Caller, fields: MessageCreateFields): Promise<void> {
      await decide(db, caller, fields);
    },

    /**
     * One message (text and/or files) to an existing conversation, or to one it starts or continues.
     * With a `clientKey` the author sent before (a send again after one that failed or was cancelled
     * on its way), the answer is that message: nothing is added, told or stored again, nor counted
     * against the flood limits (`counts` go back).
     */
    async create(caller: Caller, fields: MessageCreateFields, files: readonly UploadedFile[], counts: RequestCounts) {
      if (visibleLength(fields.text) === 0 && files.length === 0) throw empty();
      const logLeftFile = (key: string, cause: unknown) => log?.warn({ err: cause, storageKey: key }, 'message file left in storage');
      const sentBefore = async (r: ReturnType<typeof messagingRepository>, authorProfileId: number) => {
        if (fields.clientKey === undefined) return undefined;
        const earlier = await r.messageByKey(authorProfileId, fields.clientKey);
        if (!earlier) return undefined;
        if (earlier.text !== fields.text) throw new AppError(409, 'message_key_reused', MESSAGING_MESSAGES.clientKeyReused);
        return (await r.message(earlier.id))!;
      };
      let outcome: { message: Message; target: Target | null };
      try {
        outcome = await keepingFiles(
          storage,
          files,
          () =>
            db.transaction(async (tx) => {
              const r = messagingRepository(tx);
              const decision = await decide(tx, caller, fields);
              const before = await sentBefore(r, decision.existing ? decision.existing.profileId : caller.profile!.id);
              if (before) return { message: before, target: null };
              // Stamped inside the transaction: one that waited for another is stamped after it.
              const at = now().toISOString();
              let target: Target;
              if (decision.existing) {
                target = decision.existing;
                await r.touch(target.messagingId, at);
              } else {
                const { applicationId, customerProfileId, executorProfileId } = decision.start;
                const profileId = caller.profile!.id;
                const messagingId = await r.upsert(applicationId, customerProfileId, executorProfileId, at);
                target = { messagingId, profileId, interlocutorId: profileId === customerProfileId ? executorProfileId : customerProfileId };
              }
              const messageId = await r.insertMessage({ messagingId: target.messagingId, authorProfileId: target.profileId, authorUserId: caller.userId, text: fields.text, at, clientKey: fields.clientKey });
              await r.insertDocuments(messageId, files, at);
              const message = (await r.message(messageId))!;
              // The receiving side's notice (the messages badge), with the message or not at all.
              // No socket `notification` for it: the `message` event tells of a message already.
              const application = await r.applicationOf(target.messagingId);
              await notificationRepository(tx).insertForProfile({
                profileId: target.interlocutorId,
                exceptUserId: caller.userId,
                kind: 'message',
                message: messageNoticeText(application.number, message.author.name),
                link: conversationPath(target.messagingId),
                applicationId: application.id,
                messagingId: target.messagingId,
              });
              return { message, target };
            }),
          logLeftFile,
        );
      } catch (error) {
        // The same key sent twice at once: the one that waited finds the other's message.
        const before = isUniqueViolation(error) ? await sentBefore(repo, caller.profile!.id) : undefined;
        if (!before) throw error;
        outcome = { message: before, target: null };
      }
      const { message, target } = outcome;
      if (target) tell(target, 'message', { message, recipientProfileId: target.interlocutorId });
      // A message sent before keeps its own files; these were stored for nothing.
      else await Promise.all([removeFiles(storage, files, logLeftFile), counts.giveBack()]);
      return { data: message, message: MESSAGING_MESSAGES.sent };
    },

    /**
     * The active profile's conversations on either side, newest activity first, and its unread
     * total; `id` and `applicationId` narrow it (to nothing when they name none of the profile's).
     */
    async list(caller: Caller, filter: ListFilter) {
      const profile = activeProfile(caller);
      const { page, limit } = filter;
      if ([filter.id, filter.applicationId].some((id) => id !== undefined && !isStorableId(id))) {
        return { items: [], total: 0, page, limit, unread: await repo.unreadTotal(profile.id) };
      }
      const { items, total, unread } = await repo.list(profile.id, filter);
      return { items, total, page, limit, unread };
    },

    /** One conversation's messages, newest first; `afterId` past any id there can be matches nothing. */
    async thread(caller: Caller, messagingId: number, filter: ThreadFilter) {
      await conversation(db, caller, messagingId);
      const { page, limit } = filter;
      if (filter.afterId !== undefined && !isStorableId(filter.afterId)) return { items: [], total: 0, page, limit };
      const zoned = filter.timeZone !== undefined && (filter.from !== undefined || filter.to !== undefined);
      const { items, total } = await repo.thread(messagingId, filter).catch((error: unknown) => {
        throw zoned && isUnknownZone(error) ? unknownZone() : error;
      });
      return { items, total, page, limit };
    },

    /**
     * Marks the interlocutor's messages read (only those still unread), and with them the caller's
     * notices of the conversation (his messages badge; read by another member, the messages are,
     * his notices are not yet); the other party hears of it.
     */
    async read(caller: Caller, messagingId: number) {
      const target = await conversation(db, caller, messagingId);
      const at = now().toISOString();
      const marked = await db.transaction(async (tx) => {
        const count = await messagingRepository(tx).markRead(target.messagingId, target.profileId, at);
        await notificationRepository(tx).markConversationRead(caller.userId, target.profileId, target.messagingId, at);
        return count;
      });
      if (marked > 0) tell(target, 'message:read', { messagingId: target.messagingId, readerProfileId: target.profileId, at });
      const unread = await repo.unreadTotal(target.profileId);
      return { data: { messagingId: target.messagingId, marked, unread }, message: MESSAGING_MESSAGES.read };
    },

    /** A message's document, to the conversation's parties only. */
    async download(caller: Caller, documentId: number): Promise<Download> {
      const doc = await findByRequestId(documentId, repo.findDocument);
      mayDownload(caller, doc);
      const file = await storage.read(doc!.storageKey);
      if (!file) {
        log?.warn({ documentId: doc!.id, storageKey: doc!.storageKey }, 'message document file is missing');
        throw notFound(MESSAGING_MESSAGES.documentNotFound);
      }
      return { file, name: doc!.name, mime: doc!.mimeType };
    },
  };
}
export type MessagingService = ReturnType<typeof messagingService>;
