import { z } from 'zod';
import { profileTypeSchema } from './application';
import { clientKeyField, clientKeyMessage, idSchema, optionalQueryDate, optionalQueryId, optionalQueryString, paginationQuery, queryId } from './common';
import { defineCall, listOf } from './define';
import { safeText } from './text';
import { lazySchema } from './lazy-schema';

/**
 * Messaging (ARCHITECTURE §8 "Messaging", spec §3 "messaging list, message filter", §7
 * "Messages"). A conversation (`messaging`) is one application between its customer profile and
 * one executor profile; each side sees the other as `interlocutor`. Who may read and write is the
 * API's policy layer: the two profiles (and an organisation's members acting for it).
 */

export const MESSAGE_TEXT_MAX = 4000;
/** How many files one message may carry (each up to MAX_FILE_BYTES, document.ts). */
export const MESSAGE_MAX_FILES = 10;
export const MESSAGES_PAGE_LIMIT = 30;
export const MESSAGINGS_PAGE_LIMIT = 20;

export const MESSAGING_MESSAGES = {
  sent: 'Сообщение отправлено',
  empty: 'Напишите сообщение или приложите файл',
  target: 'Укажите диалог или заявку',
  /** `message/create` naming a conversation and, besides, an application or a profile not its own. */
  otherApplication: 'Этот диалог — по другой заявке',
  otherInterlocutor: 'Этот диалог — с другим собеседником',
  notFound: 'Диалог не найден',
  /** Another's conversation (ARCHITECTURE §8: «a call by anyone else is 403»; QA OOO-3). */
  notParty: 'Диалог доступен только его участникам',
  documentNotFound: 'Документ не найден',
  documentNotParty: 'Документ доступен только участникам диалога',
  /** An executor may start a conversation only about a published application. */
  notPublished: 'Написать заказчику можно только по опубликованной заявке',
  /** The customer may write only to a profile that replied to or is named on the application. */
  notReplier: 'Написать можно только исполнителю, откликнувшемуся на заявку',
  /** …and to one who replied, but whose reply was refused or withdrawn or whose deal ended (QA AAN-3). */
  closedReply: 'Написать можно исполнителю с действующим откликом или выбранному исполнителю: отклик этого исполнителя больше не действует',
  /** Starting a conversation with an application's customer is for executor-side profiles (executors, organisations). */
  executorsOnly: 'Написать заказчику по заявке могут исполнители и организации',
  selfMessage: 'Нельзя написать самому себе',
  tooManyFiles: `Не больше ${MESSAGE_MAX_FILES} файлов в одном сообщении`,
  read: 'Сообщения прочитаны',
  periodOrder: 'Дата «с» не может быть позже даты «по»',
  timeZone: 'Укажите часовой пояс из базы IANA, например Europe/Moscow',
  clientKey: clientKeyMessage('сообщения'),
  /** The same key again with another text: it named another message. */
  clientKeyReused: 'Этот ключ уже отправлен с другим сообщением: обновите страницу и отправьте снова',
} as const;

/** The longest IANA zone name is 32 characters (America/Argentina/ComodRivadavia); room to spare. */
export const TIME_ZONE_MAX = 64;

/**
 * An IANA zone name the runtime's Intl knows, in the form the zone database and PostgreSQL read
 * alike: 'UTC' or Area/Location. Names without a slash are refused because the two disagree on
 * them: Intl takes 'IST' as Asia/Kolkata and 'BST' as Asia/Dhaka, PostgreSQL as the abbreviations
 * of Israel and British summer time; '+03:00' is UTC+3 to Intl and UTC−3 (POSIX) to PostgreSQL.
 */
export function isTimeZoneName(value: string): boolean {
  if (!/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `number` as the application's own (application.ts: an integer, shown as «№ 10001»). */
export const messagingApplicationSchema = lazySchema(() => z.object({ id: idSchema, number: z.number().int(), name: z.string() }));

export const messagingSchema = lazySchema(() => z.object({
  id: idSchema,
  application: messagingApplicationSchema,
  /** The other side of the conversation for the caller's active profile. */
  interlocutor: z.object({ id: idSchema, name: z.string(), type: profileTypeSchema }),
  lastMessage: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** The interlocutor's messages the caller's profile has not read. */
  unread: z.number().int().nonnegative(),
}));
export type Messaging = z.infer<typeof messagingSchema>;

export const messageDocumentSchema = lazySchema(() => z.object({ id: idSchema, name: z.string(), sizeBytes: z.number().int().nonnegative() }));
export type MessageDocument = z.infer<typeof messageDocumentSchema>;

export const messageSchema = lazySchema(() => z.object({
  id: idSchema,
  messagingId: idSchema,
  /** The author's profile. */
  author: z.object({ id: idSchema, name: z.string() }),
  /**
   * For an organisation's message, the member who wrote it (its director or an employee: several
   * write as one profile); null for a person's own profile's (and one whose writer is gone).
   */
  writer: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
  text: z.string(),
  documents: z.array(messageDocumentSchema),
  createdAt: z.string(),
  /** Read by the party it was written to. */
  read: z.boolean(),
}));
export type Message = z.infer<typeof messageSchema>;

/**
 * The active profile's conversations, the newest activity first. `applicationId` narrows to one
 * application (the "write to…" entry finds an existing conversation); `id` to one conversation (a
 * thread opened by its link shows its heading without paging through the list): the active
 * profile's own, else no items, never someone else's. `unread` is the total over all of the
 * profile's conversations (the header badge).
 */
export const messagingGetCollection = defineCall({
  method: 'GET',
  path: 'messaging/get-collection',
  auth: 'required',
  summary: 'Диалоги активного профиля (последнее сообщение, непрочитанные)',
  query: lazySchema(() => z.object({ id: optionalQueryId('Укажите диалог'), applicationId: optionalQueryId('Укажите заявку'), ...paginationQuery(MESSAGINGS_PAGE_LIMIT) })),
  data: lazySchema(() => listOf(messagingSchema).extend({ unread: z.number().int().nonnegative() })),
});

/**
 * One conversation's messages, the newest first (page 1 is the latest). The filter of spec §3:
 * `query` (words of the text, ё = е, case-insensitive; or any part of a document's name),
 * `from`/`to` (dates, YYYY-MM-DD, inclusive) are days in `timeZone` (an IANA name: the reader's,
 * so the filter's days are those the thread shows him; Moscow's without it). `afterId`: only
 * messages newer than that one (a client catching up after a reconnect), still newest first.
 */
export const messageGetCollection = defineCall({
  method: 'GET',
  path: 'message/get-collection',
  auth: 'required',
  summary: 'Сообщения диалога (фильтр: query, from, to)',
  query: lazySchema(() => z
    .object({
      messagingId: queryId('Укажите диалог'),
      query: optionalQueryString(200),
      from: optionalQueryDate,
      to: optionalQueryDate,
      timeZone: optionalQueryString(TIME_ZONE_MAX).refine((v) => v === undefined || isTimeZoneName(v), { error: MESSAGING_MESSAGES.timeZone }),
      afterId: optionalQueryId(),
      ...paginationQuery(MESSAGES_PAGE_LIMIT),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: MESSAGING_MESSAGES.periodOrder, path: ['to'] })),
  data: lazySchema(() => listOf(messageSchema)),
});

/**
 * The fields of `message/create`, as JSON or as multipart text fields (ids as strings) before
 * files in field `file`. One of: `messagingId` (an existing conversation); `applicationId`
 * (an executor profile starts one with a published application's customer); `applicationId` +
 * `profileId` (the customer starts one with a profile that replied or is named). Starting twice
 * continues the same conversation. Text may be empty only when files come along. `clientKey`: sent
 * again with a message the author has sent before, the answer is that message (files not kept again).
 */
export const messageCreateFieldsSchema = lazySchema(() => z
  .object({
    messagingId: optionalQueryId('Укажите диалог'),
    applicationId: optionalQueryId('Укажите заявку'),
    profileId: optionalQueryId('Укажите профиль'),
    text: safeText({ max: MESSAGE_TEXT_MAX, multiline: true, tooLong: `Сообщение — не длиннее ${MESSAGE_TEXT_MAX} символов` }).default(''),
    /**
     * The client's own name for this message, the same when it sends it again after a send that
     * failed or was cancelled on the way: a message the server has already is answered, not added twice.
     */
    clientKey: clientKeyField(MESSAGING_MESSAGES.clientKey),
  })
  .refine((b) => b.messagingId !== undefined || b.applicationId !== undefined, { error: MESSAGING_MESSAGES.target, path: ['messagingId'] }));
export type MessageCreateFields = z.output<typeof messageCreateFieldsSchema>;

/**
 * `message/create`: JSON, or multipart with the fields above and 0…MESSAGE_MAX_FILES files in
 * field `file` (the file rules of document.ts: types, MAX_FILE_BYTES; all or nothing). Answers the
 * message and 'Сообщение отправлено'; the other party's sockets get `message`.
 */
export const messageCreate = defineCall({
  method: 'POST',
  path: 'message/create',
  auth: 'required',
  kind: 'upload',
  files: 'any',
  alsoJson: true,
  summary: 'Отправка сообщения (JSON или multipart с файлами в поле file)',
  body: messageCreateFieldsSchema,
  data: messageSchema,
});

/** Marks the interlocutor's messages of the conversation read; the other party's sockets get `message:read`. */
export const messageRead = defineCall({
  method: 'POST',
  path: 'message/read',
  auth: 'required',
  summary: 'Отметить сообщения диалога прочитанными',
  body: lazySchema(() => z.object({ messagingId: idSchema })),
  data: lazySchema(() => z.object({
    messagingId: idSchema,
    /** How many messages this call marked. */
    marked: z.number().int().nonnegative(),
    /** The profile's unread total over all conversations after the call. */
    unread: z.number().int().nonnegative(),
  })),
});

/** A message's document as bytes, for the two parties only. `name` is the spec's (ignored: the stored name is sent). */
export const messageDocumentDownload = defineCall({
  method: 'GET',
  path: 'message/document/download',
  auth: 'required',
  kind: 'download',
  summary: 'Скачивание документа сообщения',
  query: lazySchema(() => z.object({ id: queryId('Укажите документ'), name: optionalQueryString(255) })),
  data: lazySchema(() => z.unknown()),
});

// ---- Socket events (ARCHITECTURE §4, §8): to the other party's profile room only ----

/**
 * `message`: a new message in one of the profile's conversations. `recipientProfileId` (beside
 * ARCHITECTURE §8's `{message}`): the profile it is written to. The socket brings the messages of
 * all the user's profiles, and one to a profile he is not acting as is told by a toast naming it,
 * as the bell's notifications are (QA BAB-1: it came silently).
 */
export const messageEventSchema = lazySchema(() => z.object({ message: messageSchema, recipientProfileId: idSchema.optional() }));
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** `message:read`: the reader's profile read the conversation up to `at`. */
export const messageReadEventSchema = lazySchema(() => z.object({ messagingId: idSchema, readerProfileId: idSchema, at: z.string() }));
export type MessageReadEvent = z.infer<typeof messageReadEventSchema>;
