import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { quoted, type Organization, type Party } from 'shared/contract';
import type { Db } from '../../db';
import { isStorableId, isUniqueViolation } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import { membershipChanged } from '../../plugins/socket';
import { activeOrganization, directedOrganization, mayDirect, missedRow } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { DadataUnavailable, type PartyLookup } from '../../providers/dadata';
import type { FileStorage } from '../../providers/storage';
import type { NewNotification } from '../notification/service';
import { keepingFiles, removeFiles, type UploadedFile } from '../../providers/storage/upload';
import { profilesRepository } from '../user/profiles-repository';
import { usersRepository } from '../user/users-repository';
import { ORGANIZATION_MESSAGES as M } from './messages';
import { organizationRepository, type OrganizationFields } from './repository';

export interface OrganizationServiceDeps {
  db: Db;
  storage: FileStorage;
  /** Null without DADATA_TOKEN: the form is filled by hand. */
  parties: PartyLookup | null;
  /** The socket server: the creator's sockets join the new organisation's room at once. */
  io?: Pick<Server, 'in'>;
  log?: FastifyBaseLogger;
  /** Tells the employees of a deleted organisation (their open tabs reload their profiles). */
  notify?: (n: NewNotification) => Promise<unknown>;
}

/** PostgreSQL's foreign_key_violation and restrict_violation: a reference (ledger, signatures, closed deals) keeps the row. */
const isReferenced = (error: unknown) => ['23503', '23001'].includes((error as { code?: string } | null)?.code ?? '');

/** Another organisation's document is a 403 (ARCHITECTURE §8: a call by anyone else), none a 404. */
const DOCUMENT_ROW = { notFound: M.documentNotFound, forbidden: M.documentForbidden };

const innTaken = () => new AppError(409, 'inn_taken', M.innTaken, { inn: M.innTaken });

/** Organisations (ARCHITECTURE §8 "Cabinet"): the lookup by INN, create, update, delete, the active one and its documents. */
export function organizationService({ db, storage, parties, io, log, notify }: OrganizationServiceDeps) {
  const repo = organizationRepository(db);

  async function view(id: number, viewerId: number): Promise<Organization> {
    const organization = await repo.find(id, viewerId);
    if (!organization) throw notFound(M.notFound);
    return { ...organization, documents: await repo.documents(id) };
  }

  /** The caller's membership in organisation `id` must be the director's; 404 when there is no such organisation. */
  async function directed(caller: Caller, id: number) {
    if (!isStorableId(id)) throw notFound(M.notFound);
    const membership = await repo.membership(id, caller.userId);
    if (!membership && !(await repo.exists(id))) throw notFound(M.notFound);
    mayDirect(membership);
  }

  return {
    async lookup(inn: string): Promise<Party> {
      if (!parties) throw notFound(M.dadataOff);
      let party: Party | null;
      try {
        party = await parties.byInn(inn);
      } catch (error) {
        if (error instanceof DadataUnavailable) throw new AppError(502, 'dadata_unavailable', M.dadataDown);
        throw error;
      }
      if (!party) throw notFound(M.dadataNotFound);
      return party;
    },

    /** The profile, the director's membership and the switch to it: one transaction. */
    async create(caller: Caller, body: OrganizationFields & { inn: string; name: string }) {
      try {
        const id = await db.transaction(async (tx) => {
          const r = organizationRepository(tx);
          if (await r.idByInn(body.inn)) throw innTaken();
          const created = await r.insert(caller.userId, body);
          await usersRepository(tx).setActiveProfile(caller.userId, created);
          return created;
        });
        membershipChanged(io, caller.userId, id, true, log);
        const [profile, user] = await Promise.all([profilesRepository(db).findProfile(id, caller.userId), usersRepository(db).findSessionUser(caller.userId)]);
        const { userId: _owner, ...publicProfile } = profile!;
        return { data: { profile: publicProfile, organization: await view(id, caller.userId), user: user! }, message: M.created };
      } catch (error) {
        // Two creates with one INN at once: the unique index answers for the slower one.
        if (isUniqueViolation(error)) throw innTaken();
        throw error;
      }
    },

    async update(caller: Caller, { id, ...fields }: OrganizationFields & { id: number }) {
      await directed(caller, id);
      try {
        await db.transaction(async (tx) => {
          const r = organizationRepository(tx);
          if (fields.inn !== undefined && (await r.idByInn(fields.inn, id))) throw innTaken();
          await r.update(id, fields);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw innTaken();
        throw error;
      }
      return { data: await view(id, caller.userId), message: M.updated };
    },

    /**
     * Refused while applications are going on (as customer or named executor); drafts go with it.
     * A closed deal or any money leaves rows that restrict the delete: 409 as well, never a 500.
     */
    async remove(caller: Caller, id: number) {
      await directed(caller, id);
      let keys: string[];
      let name = '';
      let staff: number[] = [];
      try {
        keys = await db.transaction(async (tx) => {
          const r = organizationRepository(tx);
          if (!(await r.lock(id))) throw notFound(M.notFound);
          if ((await r.liveApplications(id)) > 0) throw new AppError(409, 'organization_busy', M.liveApplications);
          name = (await r.find(id, caller.userId))?.name ?? '';
          staff = await r.staffUserIds(id);
          const draftKeys = await r.deleteDrafts(id);
          return [...draftKeys, ...(await r.delete(id))];
        });
      } catch (error) {
        if (isReferenced(error)) throw new AppError(409, 'organization_has_history', M.hasHistory);
        throw error;
      }
      // Files go after the commit: a failure leaves an orphan file, never a row without its file.
      await removeFiles(storage, keys.map((key) => ({ key })));
      // Its employees were acting for it, maybe in an open tab: they are told, and that tab takes up
      // the profile the server fell back to. A failed notice does not undo the deletion.
      for (const userId of staff) {
        membershipChanged(io, userId, id, false, log);
        await notify?.({ userId, message: M.deletedNotice(name), link: '/lk/profile', profilesChanged: true }).catch((err: unknown) => log?.error({ err, userId }, 'notice of a deleted organisation failed'));
      }
      return { data: { id }, message: M.deleted };
    },

    async active(caller: Caller) {
      return { data: await view(activeOrganization(caller).id, caller.userId) };
    },

    async list(caller: Caller) {
      return { data: { items: await repo.listOf(caller.userId) } };
    },

    /** Before the upload's bytes are stored: only the director adds documents. */
    mayUpload(caller: Caller): void {
      directedOrganization(caller);
    },

    /** Records the stored file; when that fails, the file goes too. */
    async upload(caller: Caller, file: UploadedFile) {
      const document = await keepingFiles(storage, [file], async () => {
        const organization = directedOrganization(caller);
        return repo.insertDocument(organization.id, { name: file.name, key: file.key, mime: file.mime, sizeBytes: file.sizeBytes });
      });
      return { data: document, message: M.documentUploaded };
    },

    /** Every member of the active organisation may read its documents. */
    async download(caller: Caller, id: number) {
      const organization = activeOrganization(caller);
      const doc = (isStorableId(id) ? await repo.documentFile(organization.id, id) : null) ?? missedRow(await repo.organizationOfDocument(id), organization, DOCUMENT_ROW);
      const file = await storage.read(doc.key);
      if (!file) throw notFound(M.documentNotFound);
      return { file, name: doc.name, mime: doc.mime };
    },

    async removeDocument(caller: Caller, id: number) {
      const organization = directedOrganization(caller);
      const key = (isStorableId(id) ? await repo.deleteDocument(organization.id, id) : null) ?? missedRow(await repo.organizationOfDocument(id), organization, DOCUMENT_ROW);
      await removeFiles(storage, [{ key }]);
      return { data: { id }, message: M.documentDeleted };
    },
  };
}
export type OrganizationService = ReturnType<typeof organizationService>;
