import { AppError } from '../http/errors';
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

/** Withdrawals, bank requisites, the organisation's own data and its staff: not for employees. */
export const mayManage = (profile: ActiveProfile): boolean => profile.role !== 'employee';

/** The active profile when the caller may manage it (its owner or director); 403 otherwise. */
export function managedProfile(caller: Caller): ActiveProfile {
  const profile = activeProfile(caller);
  if (!mayManage(profile)) throw forbidden(CABINET_MESSAGES.directorOnly);
  return profile;
}
