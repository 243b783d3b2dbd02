import type { FastifyBaseLogger } from 'fastify';
import { ORGANIZATION_CHANGED, organizationNumberErrors, organizationSeenOf, sameOrganizationSeen, type Organization, type OrganizationSeen, type Party } from 'shared/contract';
import type { Db } from '../../db';
import { isStorableId, isUniqueViolation } from '../../db/sql';
import { AppError, invalidFields, notFound } from '../../http/errors';
import { activeOrganization, directedOrganization, mayDirect, missedRow } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { DadataUnavailable, type PartyLookup } from '../../providers/dadata';
import type { FileStorage } from '../../providers/storage';
import type { NewNotification } from '../notification/service';
import { keepingFiles, removeFiles, type UploadedFile } from '../../providers/storage/upload';
import type { RequestCounts } from '../auth/rate-limit/flood-limits';
import { profilesRepository } from '../user/profiles-repository';
import { usersRepository } from '../user/users-repository';
import { membershipOfUserChanged, profilesChanged, type OrganizationIo } from './live';
import { ORGANIZATION_MESSAGES as M } from './messages';
import { organizationRepository, uniqueFieldOf, type OrganizationFields } from './repository';

export interface OrganizationServiceDeps {
  db: Db;
  storage: FileStorage;
  /** Null without DADATA_TOKEN: the form is filled by hand. */
  parties: PartyLookup | null;
  /**
   * The socket server: the creator's sockets join the new organisation's room at once, and every
   * member's tabs hear what changed their profiles (`./live`).
   */
  io?: OrganizationIo;
  log?: FastifyBaseLogger;
  /** Tells the employees of a deleted organisation (their open tabs reload their profiles). */
  notify?: (n: NewNotification) => Promise<unknown>;
}

/** PostgreSQL's foreign_key_violation and restrict_violation: a reference (ledger, signatures, closed deals) keeps the row. */
const isReferenced = (error: unknown) => ['23503', '23001'].includes((error as { code?: string } | null)?.code ?? '');

/** Another organisation's document is a 403 (ARCHITECTURE §8: a call by anyone else), none a 404. */
const DOCUMENT_ROW = { notFound: M.documentNotFound, forbidden: M.documentForbidden };

/** ИНН and ОГРН name one organisation each: a 409 on the field another organisation registered (`repository.taken`). */
const TAKEN = {
  inn: () => new AppError(409, 'inn_taken', M.innTaken, { inn: M.innTaken }),
  ogrn: () => new AppError(409, 'ogrn_taken', M.ogrnTaken, { ogrn: M.ogrnTaken }),
} as const;

/** Two writes with one ИНН or ОГРН at once: the unique index (migration 027) answers for the slower one, and names its field. */
function takenMeanwhile(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  return TAKEN[uniqueFieldOf(error) ?? 'inn']();
}

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
          const taken = await r.taken(body);
          // His own, made already (its answer lost, the form sent again): said so, not «уже зарегистрирована» as of a stranger's.
          if (taken === 'inn' && (await r.directedBy(body.inn, caller.userId))) throw new AppError(409, 'organization_yours', M.innYours, { inn: M.innYours });
          if (taken) throw TAKEN[taken]();
          const created = await r.insert(caller.userId, body);
          await usersRepository(tx).setActiveProfile(caller.userId, created);
          return created;
        });
        // Made his active profile: his other tabs act as it from now on, as after a switch.
        membershipOfUserChanged(io, caller.userId, id, true, log);
        const [profile, user] = await Promise.all([profilesRepository(db).findProfile(id, caller.userId), usersRepository(db).findSessionUser(caller.userId)]);
        const { userId: _owner, ...publicProfile } = profile!;
        return { data: { profile: publicProfile, organization: await view(id, caller.userId), user: user! }, message: M.created };
      } catch (error) {
        throw takenMeanwhile(error) ?? error;
      }
    },

    async update(caller: Caller, { id, seen, ...fields }: OrganizationFields & { id: number; seen?: OrganizationSeen | undefined }) {
      await directed(caller, id);
      try {
        await db.transaction(async (tx) => {
          const r = organizationRepository(tx);
          // An update sends a part: its numbers are checked with the stored ones, as create checks them
          // together (QA TTT-3), the row locked so that two updates do not each pass against the other's old.
          const stored = (await r.lock(id)) ? await r.find(id, caller.userId) : null;
          if (!stored) throw notFound(M.notFound);
          // The form saw other fields than the organisation has now: its save would write over them unseen (QA AAQ-2).
          if (seen && !sameOrganizationSeen(organizationSeenOf(stored), seen)) throw new AppError(409, ORGANIZATION_CHANGED, M.changed);
          const numbers = organizationNumberErrors({
            inn: fields.inn ?? stored.inn,
            kpp: fields.kpp !== undefined ? fields.kpp : stored.kpp,
            ogrn: fields.ogrn !== undefined ? fields.ogrn : stored.ogrn,
          });
          if (Object.keys(numbers).length) throw invalidFields(numbers);
          const taken = await r.taken(fields, id);
          if (taken) throw TAKEN[taken]();
          await r.update(id, fields);
        });
      } catch (error) {
        throw takenMeanwhile(error) ?? error;
      }
      // Its name in every member's profile switcher, its data on their organisation page: their tabs load them again.
      profilesChanged(io, await repo.memberUserIds(id), log);
      return { data: await view(id, caller.userId), message: M.updated };
    },

    /**
     * Refused while applications are going on (as customer or named executor), while its replies
     * stand, and once it has a conversation (the other side's messages are in it); drafts go with
     * it. A closed deal or any money leaves rows that restrict the delete: 409 as well, never a 500.
     */
    async remove(caller: Caller, id: number) {
      await directed(caller, id);
      let keys: string[];
      let name = '';
      let members: number[] = [];
      let staff: number[] = [];
      try {
        keys = await db.transaction(async (tx) => {
          const r = organizationRepository(tx);
          if (!(await r.lock(id))) throw notFound(M.notFound);
          const live = await r.liveApplications(id);
          if (live.total > 0) throw new AppError(409, 'organization_busy', M.liveApplications(live.numbers, live.total));
          const shared = await r.sharedWithOthers(id);
          if (shared.activeReplies > 0) throw new AppError(409, 'organization_busy', M.activeReplies);
          if (shared.conversations > 0) throw new AppError(409, 'organization_has_history', M.hasConversations);
          name = (await r.find(id, caller.userId))?.name ?? '';
          members = await r.memberUserIds(id);
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
      // Its members were acting for it, maybe in an open tab, the director's other tabs too: each
      // tab takes up the profile the server fell back to. The employees are told why as well (the
      // director knows). A failed notice does not undo the deletion.
      for (const userId of members) membershipOfUserChanged(io, userId, id, false, log);
      for (const userId of staff) {
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

    /**
     * Records the stored file; when that fails, the file goes too. The same file (content and
     * name) sent again, after an answer that was lost or chosen twice, answers the document
     * already there: the copy just stored goes, and is not counted against the flood limits.
     */
    async upload(caller: Caller, file: UploadedFile, counts?: RequestCounts) {
      const { document, added } = await keepingFiles(storage, [file], () =>
        db.transaction((tx) => organizationRepository(tx).insertDocument(directedOrganization(caller).id, file)),
      );
      if (!added) await Promise.all([removeFiles(storage, [file]), counts?.giveBack()]);
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
