import type { FastifyBaseLogger } from 'fastify';
import type { EmployeeListFilter } from 'shared/contract';
import type { Db } from '../../db';
import { isStorableId } from '../../db/sql';
import { AppError } from '../../http/errors';
import type { NewNotification } from '../notification/service';
import { activeOrganization, directedOrganization, mayRemoveMember, missedRow, ORGANIZATION_POLICY_MESSAGES } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { membershipOfUserChanged, profilesChanged, type OrganizationIo } from './live';
import { ORGANIZATION_MESSAGES as M } from './messages';
import { organizationRepository } from './repository';

/** A membership row of another organisation is a 403 (ARCHITECTURE §8: a call by anyone else), none a 404. */
const EMPLOYEE_ROW = { notFound: M.employeeNotFound, forbidden: M.employeeForbidden };

export interface EmployeesServiceDeps {
  db: Db;
  io?: OrganizationIo;
  log?: FastifyBaseLogger;
  /** Tells the member an action of the director's concerns (removed, made director). */
  notify?: (n: NewNotification) => Promise<unknown>;
}

/** The staff of the active organisation: list, position, removal or leaving, and the director's hand-over. */
export function employeesService({ db, io, log, notify }: EmployeesServiceDeps) {
  const repo = organizationRepository(db);

  /**
   * The member's role or membership changed under him, maybe with a tab open acting for the
   * organisation: the notice makes that tab reload his profiles (`profilesChanged`). A failed
   * notice does not undo what was committed.
   */
  async function tell(userId: number, message: string, link: string, profileId?: number): Promise<void> {
    await notify?.({ userId, message, link, profilesChanged: true, ...(profileId === undefined ? {} : { profileId }) }).catch((err: unknown) =>
      log?.error({ err, userId }, 'membership notice failed'),
    );
  }

  /**
   * The caller's active organisation. One who acts for none and belongs to none was removed (or
   * the organisation deleted) while his page stayed open: told so, not to choose a profile.
   */
  async function memberOrganization(caller: Caller) {
    const acting = caller.profile?.type === 'organization' && caller.profile.role !== 'owner';
    if (!acting && !(await repo.isMemberOfAny(caller.userId))) throw new AppError(403, 'forbidden', M.notMemberAnymore);
    return activeOrganization(caller);
  }

  return {
    async list(caller: Caller, q: EmployeeListFilter) {
      const organization = activeOrganization(caller);
      const { items, total } = await repo.employees(organization.id, q);
      return { data: { items, total, page: q.page, limit: q.limit } };
    },

    async updatePosition(caller: Caller, id: number, position: string | null) {
      const organization = directedOrganization(caller);
      if (!(await repo.setPosition(organization.id, id, position))) missedRow(await repo.organizationOfMember(id), organization, EMPLOYEE_ROW);
      // The staff list every member may have open (the employee's own /lk/employee among them) shows it: their tabs load it again.
      profilesChanged(io, await repo.memberUserIds(organization.id), log);
      return { data: (await repo.employee(organization.id, id))!, message: M.employeeUpdated };
    },

    /** The director removes an employee; an employee may remove himself (leave). Never the director. */
    async remove(caller: Caller, id: number) {
      const organization = await memberOrganization(caller);
      const target = isStorableId(id) ? await repo.employee(organization.id, id) : null;
      if (!target) {
        if (organization.role !== 'director') throw new AppError(403, 'forbidden', ORGANIZATION_POLICY_MESSAGES.directorOnly);
        missedRow(await repo.organizationOfMember(id), organization, EMPLOYEE_ROW);
      }
      mayRemoveMember(caller, organization, target, !target.director || (await repo.staffUserIds(organization.id)).length > 0);
      const removed = await db.transaction((tx) => organizationRepository(tx).removeMember(organization.id, id));
      // Gone meanwhile, or made director by a hand-over that committed first.
      if (!removed) throw new AppError(409, 'employee_changed', M.employeeNotFound);
      // Left or removed, he acts as a profile of his own now (`fallBackFrom`): every tab of his takes it up.
      membershipOfUserChanged(io, target.userId, organization.id, false, log);
      const left = target.userId === caller.userId;
      if (!left) await tell(target.userId, M.removedNotice(organization.name), '/lk/profile');
      // The staff who remain hear it, as the organisation: their open /lk/employee reloads its staff
      // with it. The director removing someone knows already (her own tab reloads on the answer).
      const message = left ? M.memberLeftNotice(organization.name, caller.userName) : M.memberRemovedNotice(organization.name, target.name);
      const [directorId, staff] = await Promise.all([repo.directorUserId(organization.id), repo.staffUserIds(organization.id)]);
      for (const userId of [directorId, ...staff]) {
        if (userId === null || userId === caller.userId) continue;
        await notify?.({ userId, message, link: '/lk/employee', profileId: organization.id }).catch((err: unknown) =>
          log?.error({ err, userId }, 'notice of a staff change failed'),
        );
      }
      return { data: { id }, message: left ? M.employeeLeft : M.employeeRemoved };
    },

    /**
     * `id`: the membership of the new director. The old director stays an employee; the
     * organisation's profile passes to the new one. One transaction, every step guarded.
     */
    async handOver(caller: Caller, id: number) {
      const organization = directedOrganization(caller);
      const target = (await repo.employee(organization.id, id)) ?? missedRow(await repo.organizationOfMember(id), organization, EMPLOYEE_ROW);
      if (target.director) throw new AppError(409, 'already_director', ORGANIZATION_POLICY_MESSAGES.alreadyDirector);
      await db.transaction(async (tx) => {
        const r = organizationRepository(tx);
        // A failed step throws, so nothing of a half hand-over is committed. A member removed
        // meanwhile is said as a removal that came first says it (QA W-3).
        const handed = (await r.lock(organization.id)) ? await r.handOver(organization.id, caller.userId, id) : 'director_changed';
        if (handed === 'employee_gone') throw new AppError(409, 'employee_changed', M.employeeNotFound);
        if (handed === 'director_changed') throw new AppError(409, 'director_changed', ORGANIZATION_POLICY_MESSAGES.directorOnly);
      });
      const [director, previous, staff] = await Promise.all([
        repo.employee(organization.id, id),
        repo.employeeByUser(organization.id, caller.userId),
        repo.staffUserIds(organization.id),
      ]);
      // Every member's role or director changed: each is told, the old director too (her other tabs
      // and devices still offer the director's actions), and their open tabs reload their profiles
      // and the organisation's staff with it.
      await tell(target.userId, M.directorNotice(organization.name), '/lk/organization', organization.id);
      for (const userId of staff) {
        const message = userId === caller.userId ? M.handedOverNotice(organization.name, target.name) : M.newDirectorNotice(organization.name, target.name);
        await tell(userId, message, userId === caller.userId ? '/lk/organization' : '/lk/employee', organization.id);
      }
      return { data: { director: director!, previous: previous! }, message: M.directorChanged };
    },
  };
}
export type EmployeesService = ReturnType<typeof employeesService>;
