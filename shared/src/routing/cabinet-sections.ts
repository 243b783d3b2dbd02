import type { SessionProfileType } from '../session/session-store';
import { PROFILE_PATH } from './redirect';

/** An executor or an organisation offers services (`/lk/service`); a customer does not. */
export const offersServices = (type: SessionProfileType | null): boolean => type === 'executor' || type === 'organization';
/** A customer or an organisation orders work at its facilities (`/lk/facility`); an executor does not. */
export const ordersWork = (type: SessionProfileType | null): boolean => type === 'customer' || type === 'organization';

export interface CabinetSection {
  to: string;
  /** The page's own title (its route's `handle.title`), but for the overview. */
  label: string;
  /** Marked current only on its own path, not on the paths below it. */
  end?: boolean;
}

/**
 * The personal cabinet's sections for the active profile, in the cabinet's navigation: without a
 * profile only what needs none (the overview, organisations, the profile); the staff of an
 * organisation profile alone; services and facilities as the profile offers or orders. With the
 * profile not known yet (`undefined`: the user or his profiles could not be loaded, or are still
 * coming and this browser remembers no type) the sections every profile has, so that the cabinet
 * does not look emptied while the API is away. The sections a profile may lack come after all the
 * others: when the profile comes they are added at the row's end, and no section moves under the
 * user's finger (QA NN-2).
 */
export function cabinetSections(type: SessionProfileType | null | undefined): CabinetSection[] {
  const overview: CabinetSection = { to: '/lk', label: 'Обзор', end: true };
  const organizations: CabinetSection = { to: '/lk/organization', label: 'Организации' };
  const profile: CabinetSection = { to: PROFILE_PATH, label: 'Профиль' };
  if (type === null) return [overview, organizations, profile];
  return [
    overview,
    { to: '/lk/application', label: 'Мои заявки' },
    { to: '/lk/message', label: 'Сообщения' },
    { to: '/lk/money', label: 'Баланс' },
    organizations,
    profile,
    ...(type !== undefined && ordersWork(type) ? [{ to: '/lk/facility', label: 'Мои объекты' }] : []),
    ...(type !== undefined && offersServices(type) ? [{ to: '/lk/service', label: 'Мои услуги' }] : []),
    ...(type === 'organization' ? [{ to: '/lk/employee', label: 'Сотрудники' }] : []),
  ];
}
