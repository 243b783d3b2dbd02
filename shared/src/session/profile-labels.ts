import type { SessionProfile, SessionProfileType } from './session-store';

export const PROFILE_TYPE_LABELS: Record<SessionProfileType, string> = {
  customer: 'Заказчик',
  executor: 'Исполнитель',
  organization: 'Организация',
};

/** 'Заказчик' for a personal profile, the organisation's name for an organisation. */
export function profileLabel(profile: Pick<SessionProfile, 'type' | 'name'>): string {
  return profile.type === 'organization' ? profile.name : PROFILE_TYPE_LABELS[profile.type];
}
