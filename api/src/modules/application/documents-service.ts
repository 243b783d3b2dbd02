import type { FastifyBaseLogger } from 'fastify';
import { alreadySignedMessage, SEEN_DOCUMENT_CHANGED, SIGNED_DOCUMENT_REPLACED_MESSAGES, SIGNING_TERMS_VERSION, type ApplicationActor } from 'shared/contract';
import type { Db, Queryable } from '../../db';
import { findByRequestId, isUniqueViolation } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import { actorFor, decideDocumentChange, decideDocumentDownload, decidePastDocumentDownload, POLICY_MESSAGES } from '../../policy/application';
import type { Caller } from '../../policy/caller';
import type { FileStorage } from '../../providers/storage';
import type { Download } from '../../providers/storage/attachment';
import { keepingFiles, removeFiles, type UploadedFile } from '../../providers/storage/upload';
import type { RequestCounts } from '../auth/rate-limit/flood-limits';
import type { SmsCodes } from '../auth/codes/service';
import type { ActionContext, Lifecycle } from './lifecycle';
import { documentsRepository, type SignedKind } from './documents-repository';

/** The call path segment of a signed document (`application/<segment>/…`). */
export type SignedSegment = 'contract' | 'document-report';

interface KindTexts {
  kind: SignedKind;
  /** Accusative, lower case: «загрузил договор». */
  acc: string;
  uploaded: string;
  deleted: string;
  signed: string;
  missing: string;
}

const KINDS: Record<SignedSegment, KindTexts> = {
  contract: { kind: 'contract', acc: 'договор', uploaded: 'Договор загружен', deleted: 'Договор удалён', signed: 'Договор подписан', missing: 'Договор не загружен' },
  'document-report': { kind: 'report', acc: 'отчёт', uploaded: 'Отчёт загружен', deleted: 'Отчёт удалён', signed: 'Отчёт подписан', missing: 'Отчёт не загружен' },
};

export const DOCUMENT_MESSAGES = {
  codeSent: 'Код отправлен',
  changed: 'Документ изменился. Запросите новый код',
  notFound: 'Документ не найден',
  uploaded: 'Документ загружен',
  deleted: 'Документ удалён',
} as const;

/**
 * The code was asked for a version replaced since: no wrong code, a new one is needed (its own
 * code, so a client can treat it as a spent code and offer «Получить код» again).
 */
const documentChanged = () => new AppError(409, 'document_changed', DOCUMENT_MESSAGES.changed);

/**
 * A code asked for, or a signature given, on the version the caller's page showed (`seen`), which
 * another has replaced since: refused, never bound to a version he has not read (QA BAD-1).
 */
function onSeenVersion(segment: SignedSegment, current: number, seen: number | undefined): void {
  if (seen !== undefined && seen !== current) throw new AppError(409, SEEN_DOCUMENT_CHANGED, SIGNED_DOCUMENT_REPLACED_MESSAGES[KINDS[segment].kind]);
}

/** What a code for signing is bound to: one version (each version is its own row and id). */
export const signingSubject = (documentId: number) => `signed-document:${documentId}`;

/** User-Agent is evidence, not an unbounded text: enough to tell the device, no more. */
const MAX_USER_AGENT = 512;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface DocumentsServiceDeps {
  db: Db;
  lifecycle: Lifecycle;
  codes: SmsCodes;
  storage: FileStorage;
  now: () => Date;
  log?: FastifyBaseLogger;
}

const roleName = (actor: ApplicationActor) => (actor === 'customer' ? 'Заказчик' : 'Исполнитель');
/** The other side of the deal from the acting party. */
const counterpart = (ctx: ActionContext) => (ctx.actor === 'customer' ? ctx.row.executorProfileId : ctx.row.customerProfileId);

/**
 * Contracts, reports and the other documents of an application (ARCHITECTURE §8 "Documents and
 * signatures"). Who may do what with a contract or report is the lifecycle table's; the other
 * documents follow the policy's `decideDocument*`. A received file is stored before the
 * transaction that records it (a stream cannot wait on a row lock) and removed when it fails.
 */
/**
 * The name a signature shows: the profile's, and for an organisation the member who signed for
 * it as well («ООО «СтройИнвест» (Николай Орлов)»): a simple electronic signature names a person.
 */
function signerNameOf(caller: Caller): string {
  const profile = caller.profile!;
  return profile.role === 'owner' ? profile.name : `${profile.name} (${caller.userName})`;
}

export function documentsService({ db, lifecycle, codes, storage, now, log }: DocumentsServiceDeps) {
  const repo = documentsRepository(db);
  const action = (segment: SignedSegment, verb: string) => `application/${segment}/${verb}`;

  async function currentOf(q: Queryable, applicationId: number, segment: SignedSegment) {
    const doc = await documentsRepository(q).current(applicationId, KINDS[segment].kind);
    // The table's guards have seen one; none now means it went in between.
    if (!doc) throw new AppError(409, 'conflict', KINDS[segment].missing);
    return doc;
  }

  /** The row is gone only when the store lost it: worth a log line, a 404 for the caller. */
  async function read(doc: { id: number; storageKey: string; name: string; mimeType: string }): Promise<Download> {
    const file = await storage.read(doc.storageKey);
    if (!file) {
      log?.warn({ documentId: doc.id, storageKey: doc.storageKey }, 'document file is missing');
      throw notFound(DOCUMENT_MESSAGES.notFound);
    }
    return { file, name: doc.name, mime: doc.mimeType };
  }

  const warnOrphan = (key: string, cause: unknown) => log?.warn({ err: cause, storageKey: key }, 'orphan upload left in storage');
  /** Runs the write that records a received file; when it fails, the file goes too. */
  const recording = <T>(file: UploadedFile, write: () => Promise<T>): Promise<T> => keepingFiles(storage, [file], write, warnOrphan);

  /** The application's parties and status, share-locked inside `tx` so it cannot close meanwhile. */
  async function applicationFor(q: Queryable, id: number, caller: Caller, lock: boolean) {
    const app = await findByRequestId(id, (i) => documentsRepository(q).application(i, lock));
    if (!app) throw notFound(POLICY_MESSAGES.notFound);
    return { app, actor: actorFor(caller, app, false) };
  }

  return {
    // ---- Contract and report ----

    /** The decision alone, before a byte of the file is stored. */
    mayUpload: (caller: Caller, segment: SignedSegment, id: number) => lifecycle.check(id, action(segment, 'upload'), caller).then(() => undefined),

    /**
     * A new current version; the old one stays (with its signatures) as evidence, the new one has none.
     * The current version sent again by the profile that uploaded it (the same content and name),
     * after an answer that was lost or chosen twice, answers that version: nothing is retired, added
     * or told, its signatures stay, the copy just stored goes and its bytes are not counted against
     * the flood limits (`counts` go back) — the rule of `uploadOther`. Decided under the
     * application's row lock, so two identical uploads at once give one version.
     */
    async upload(caller: Caller, segment: SignedSegment, id: number, file: UploadedFile, counts?: RequestCounts) {
      const texts = KINDS[segment];
      const { result } = await recording(file, () =>
        lifecycle.perform({
          id,
          action: action(segment, 'upload'),
          caller,
          effect: async (ctx) => {
            const r = documentsRepository(ctx.tx);
            const current = await r.current(ctx.row.id, texts.kind);
            if (current && current.sha256 === file.sha256 && current.name === file.name && current.uploadedByProfileId === caller.profile!.id) {
              return { documentId: current.id, added: false };
            }
            const at = ctx.now.toISOString();
            const replaced = await r.retire(ctx.row.id, texts.kind, at);
            const documentId = await r.insertVersion({ applicationId: ctx.row.id, kind: texts.kind, file, profileId: caller.profile!.id, at });
            // A new edition of one the other side has seen (and may have signed) is news of its own.
            const what = replaced === undefined ? `загрузил ${texts.acc}` : `заменил ${texts.acc} новой редакцией`;
            ctx.notify(counterpart(ctx), `${roleName(ctx.actor)} ${what} по заявке № ${ctx.row.number}`);
            return { documentId, added: true };
          },
        }),
      );
      if (!result.added) await Promise.all([removeFiles(storage, [file], warnOrphan), counts?.giveBack()]);
      return { data: (await repo.shaped(result.documentId))!, message: texts.uploaded };
    },

    async remove(caller: Caller, segment: SignedSegment, id: number) {
      const texts = KINDS[segment];
      const { result } = await lifecycle.perform({
        id,
        action: action(segment, 'delete'),
        caller,
        effect: async (ctx) => {
          const documentId = await documentsRepository(ctx.tx).retire(ctx.row.id, texts.kind, ctx.now.toISOString());
          if (documentId === undefined) throw new AppError(409, 'conflict', texts.missing);
          ctx.notify(counterpart(ctx), `${roleName(ctx.actor)} удалил ${texts.acc} по заявке № ${ctx.row.number}`);
          return documentId;
        },
      });
      return { data: { id: result }, message: texts.deleted };
    },

    async sendSms(caller: Caller, segment: SignedSegment, { id, seenDocument }: { id: number; seenDocument?: number | undefined }, ip: string) {
      await lifecycle.check(id, action(segment, 'send/sms'), caller);
      const doc = await currentOf(db, id, segment);
      onSeenVersion(segment, doc.id, seenDocument);
      const sent = await codes.send({ phone: caller.phone, purpose: 'sign', subject: signingSubject(doc.id), ip });
      return { data: sent, message: DOCUMENT_MESSAGES.codeSent };
    },

    /**
     * A simple electronic signature: the code sent for this very version, spent, then recorded
     * with what was signed (version, SHA-256), by whom (user, profile, name, phone), how (the
     * code's hash and send time, IP, User-Agent, terms) and when.
     */
    async sign(caller: Caller, segment: SignedSegment, body: { id: number; code: string; seenDocument?: number | undefined }, client: ClientMeta) {
      const texts = KINDS[segment];
      // The role and status first: a code is not spent on a call that could not go ahead anyway.
      await lifecycle.check(body.id, action(segment, 'sign'), caller);
      const doc = await currentOf(db, body.id, segment);
      onSeenVersion(segment, doc.id, body.seenDocument);
      const accepted = await codes
        .verify({ phone: caller.phone, purpose: 'sign', subject: signingSubject(doc.id), code: body.code, consume: false })
        .catch(async (error: unknown) => {
          // No usable code for this version, but one asked for a version replaced since: the code
          // is not wrong, the document changed under it (the other side uploaded a new one).
          if (error instanceof AppError && error.code === 'code_expired') {
            const earlier = await repo.retiredIds(body.id, texts.kind);
            if (await codes.hasLive({ phone: caller.phone, purpose: 'sign', subjects: earlier.map(signingSubject) })) {
              throw documentChanged();
            }
          }
          throw error;
        });
      await lifecycle.perform({
        id: body.id,
        action: action(segment, 'sign'),
        caller,
        effect: async (ctx) => {
          const r = documentsRepository(ctx.tx);
          const current = await r.current(ctx.row.id, texts.kind);
          if (!current || current.id !== doc.id) throw documentChanged();
          // Spent with the signature, not before it: a signing that loses keeps the code.
          await codes.spend(ctx.tx, accepted);
          try {
            await r.insertSignature({
              documentId: current.id,
              documentVersion: current.version,
              documentSha256: current.sha256,
              party: ctx.actor as 'customer' | 'executor',
              signerUserId: caller.userId,
              signerProfileId: caller.profile!.id,
              signerName: signerNameOf(caller),
              signerPhone: caller.phone,
              codeHash: accepted.codeHash,
              codeSentAt: accepted.sentAt.toISOString(),
              signedAt: ctx.now.toISOString(),
              ip: client.ip,
              userAgent: client.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
              termsVersion: SIGNING_TERMS_VERSION,
            });
          } catch (error) {
            // The side signed in between, by the caller in another tab, or (an organisation) by a colleague.
            if (isUniqueViolation(error)) throw new AppError(409, 'conflict', alreadySignedMessage(texts.kind, caller.profile!.type === 'organization'));
            throw error;
          }
          ctx.notify(counterpart(ctx), `${roleName(ctx.actor)} подписал ${texts.acc} по заявке № ${ctx.row.number}`);
        },
      });
      return { data: (await repo.shaped(doc.id))!, message: texts.signed };
    },

    /** Reads only: `check`, not `perform`, so a download never bumps the application's version. */
    async download(caller: Caller, segment: SignedSegment, id: number): Promise<Download> {
      await lifecycle.check(id, action(segment, 'download'), caller);
      return read(await currentOf(db, id, segment));
    },

    /** A contract or report of a deal that ended, by its id, to that deal's two sides (the policy's rule). */
    async downloadPast(caller: Caller, documentId: number): Promise<Download> {
      const version = await findByRequestId(documentId, repo.findPast);
      if (!version) throw notFound(DOCUMENT_MESSAGES.notFound);
      decidePastDocumentDownload(caller, version);
      return read(version);
    },

    // ---- Other documents ----

    async mayUploadOther(caller: Caller, id: number) {
      const { app, actor } = await applicationFor(db, id, caller, false);
      decideDocumentChange(actor, app.status);
    },

    /**
     * The same file (content, name, visibility) sent again, after an answer that was lost or chosen
     * twice, answers the document already there: nothing is added or told, the copy just stored
     * goes, and its bytes are not counted against the flood limits (`counts` go back).
     */
    async uploadOther(caller: Caller, id: number, isPublic: boolean, file: UploadedFile, counts?: RequestCounts) {
      const { document, added, emit } = await recording(file, () =>
        db.transaction(async (tx) => {
          const { app, actor } = await applicationFor(tx, id, caller, true);
          decideDocumentChange(actor, app.status);
          const { document, added } = await documentsRepository(tx).insertOther(app.id, file, isPublic, now().toISOString());
          const notices = added && app.executorProfileId ? [{ profileId: app.executorProfileId, message: `Заказчик добавил документ к заявке № ${app.number}` }] : [];
          return { document, added, emit: await lifecycle.noticesIn(tx, app.id, notices, caller.userId) };
        }),
      );
      emit();
      if (!added) await Promise.all([removeFiles(storage, [file], warnOrphan), counts?.giveBack()]);
      return { data: document, message: DOCUMENT_MESSAGES.uploaded };
    },

    async removeOther(caller: Caller, documentId: number) {
      const document = await findByRequestId(documentId, repo.findOther);
      if (!document) throw notFound(DOCUMENT_MESSAGES.notFound);
      const key = await db.transaction(async (tx) => {
        const { app, actor } = await applicationFor(tx, document.applicationId, caller, true);
        decideDocumentChange(actor, app.status);
        const removed = await documentsRepository(tx).removeOther(app.id, document.id);
        if (removed === undefined) throw notFound(DOCUMENT_MESSAGES.notFound);
        return removed;
      });
      // After the commit: a failed delete leaves an orphan file, never a row without its file.
      await storage.delete(key).catch((cause: unknown) => log?.warn({ err: cause, storageKey: key }, 'document file not deleted'));
      return { data: { id: document.id }, message: DOCUMENT_MESSAGES.deleted };
    },

    async downloadOther(caller: Caller, documentId: number): Promise<Download> {
      const document = await findByRequestId(documentId, repo.findOther);
      if (!document) throw notFound(DOCUMENT_MESSAGES.notFound);
      const { actor } = await applicationFor(db, document.applicationId, caller, false);
      decideDocumentDownload(actor);
      return read(document);
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
