import { AppError, notFound } from '../http/errors';
import type { Caller } from './caller';

/**
 * Cabinet rights (ARCHITECTURE §8 "Cabinet", spec §6): a personal profile's owner may do
 * everything with it; in an organisation the director manages the organisation, its employees,
 * its bank requisites and takes money out, while employees act for it (applications, replies,
 * facilities, services) and see its balance.
 */
export const CABINET_MESSAGES = {
  noProfile: 'Выберите профиль',
  directorOnly: 'Это может сделать только руководитель организации',
} as const;

export type ActiveProfile = NonNullable<Caller['profile']>;

const forbidden = (message: string) => new AppError(403, 'forbidden', message);

/** The profile the call acts as; 403 until the user has one. */
export function activeProfile(caller: Caller): ActiveProfile {
  if (!caller.profile) throw forbidden(CABINET_MESSAGES.noProfile);
  return caller.profile;
}

/**
 * A cabinet row named by id (a facility or its document, a bank requisite, an organisation's
 * document, employee or invite), by its owner profile (the organisation's for its rows) as the lookup
 * found it: none (missing or deleted) is a 404; another profile's is a 403, as ARCHITECTURE §8
 * has every call by anyone else.
 */
export function ownRow(ownerProfileId: number | null, profile: ActiveProfile, messages: { notFound: string; forbidden: string }): void {
  if (ownerProfileId === null) throw notFound(messages.notFound);
  if (ownerProfileId !== profile.id) throw forbidden(messages.forbidden);
}

/**
 * `ownRow` for a row the lookup within the caller's own profile missed (an organisation's
 * document, employee or invite, a requisite to withdraw to): another profile's is a 403, none a
 * 404, and one that is his after all (changed meanwhile) a 404 as well.
 */
export function missedRow(ownerProfileId: number | null, profile: ActiveProfile, messages: { notFound: string; forbidden: string }): never {
  ownRow(ownerProfileId, profile, messages);
  throw notFound(messages.notFound);
}

/** Withdrawals, bank requisites, the organisation's own data and its staff: not for employees. */
export const mayManage = (profile: ActiveProfile): boolean => profile.role !== 'employee';

/** The active profile when the caller may manage it (its owner or director); 403 otherwise. */
export function managedProfile(caller: Caller): ActiveProfile {
  const profile = activeProfile(caller);
  if (!mayManage(profile)) throw forbidden(CABINET_MESSAGES.directorOnly);
  return profile;
}

// ---- Organisations (ARCHITECTURE §8 "Cabinet": organisations and employees) ----

export const ORGANIZATION_POLICY_MESSAGES = {
  notOrganization: 'Выберите профиль организации',
  notMember: 'Вы не состоите в этой организации',
  directorOnly: CABINET_MESSAGES.directorOnly,
  directorStays: 'Руководителя нельзя исключить из организации: сначала передайте руководство другому сотруднику',
  /** The same, to a director with no one to hand over to (QA L-6). */
  directorAlone: 'Руководителя нельзя исключить из организации: сначала пригласите сотрудника и передайте руководство ему',
  alreadyDirector: 'Этот сотрудник уже руководитель организации',
} as const;

export type OrganizationProfile = ActiveProfile & { type: 'organization'; role: 'director' | 'employee' };

/** The active profile when it is an organisation (any member acts for it); 403 otherwise. */
export function activeOrganization(caller: Caller): OrganizationProfile {
  const profile = activeProfile(caller);
  if (profile.type !== 'organization' || profile.role === 'owner') throw forbidden(ORGANIZATION_POLICY_MESSAGES.notOrganization);
  return profile as OrganizationProfile;
}

/** The active organisation when the caller is its director: its data, staff, invites and documents. */
export function directedOrganization(caller: Caller): OrganizationProfile {
  const organization = activeOrganization(caller);
  if (organization.role !== 'director') throw forbidden(ORGANIZATION_POLICY_MESSAGES.directorOnly);
  return organization;
}

/**
 * An organisation named by id (`organization/update`, `delete`): the caller's membership in it
 * decides, whichever profile is active. Null membership: not a member (403, the organisation
 * itself is public as a customer or executor).
 */
export function mayDirect(membership: { director: boolean } | null): void {
  if (!membership) throw forbidden(ORGANIZATION_POLICY_MESSAGES.notMember);
  if (!membership.director) throw forbidden(ORGANIZATION_POLICY_MESSAGES.directorOnly);
}

/**
 * Removing a member: the director removes anyone but himself; an employee may only leave (anyone
 * else, the director too, is the director's to remove: 403). The director can never be removed
 * (409): the organisation would be left without one.
 */
export function mayRemoveMember(caller: Caller, organization: OrganizationProfile, target: { userId: number; director: boolean }, hasStaff: boolean): void {
  if (organization.role !== 'director' && target.userId !== caller.userId) throw forbidden(ORGANIZATION_POLICY_MESSAGES.directorOnly);
  if (target.director) throw new AppError(409, 'director_stays', hasStaff ? ORGANIZATION_POLICY_MESSAGES.directorStays : ORGANIZATION_POLICY_MESSAGES.directorAlone);
}
