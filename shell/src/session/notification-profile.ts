import { profileLabel, type SessionProfile } from 'shared';

/**
 * The profile a notification is about when it is not the active one (the user's executor profile,
 * an organisation he works for): the bell names it and opens the link as it, the toast names it.
 */
export function otherProfileOf(profileId: number | null | undefined, activeId: number | undefined, profiles: readonly SessionProfile[]): SessionProfile | undefined {
  return profileId != null && profileId !== activeId ? profiles.find((profile) => profile.id === profileId) : undefined;
}

export function profileNote(profile: SessionProfile): string {
  return `Профиль: ${profileLabel(profile)}`;
}
