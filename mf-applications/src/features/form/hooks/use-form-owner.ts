import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { profileLabel, quoted, refreshOrganizations, useSessionStore, type Application, type SessionProfile } from 'shared';
import type { FormMode } from './use-publish';

/** The type of the form's `root.server` error that says whose the application is (gone once the owner is active). */
export const OWNER_ERROR = 'owner';

/** The profile an application belongs to (`customer` of its answer). */
export type ProfileRef = Application['customer'];

/**
 * What the form says while the active profile is not the application's: whose it is, and the way on
 * when that profile is still the user's; when it is not (an employee removed from the organisation),
 * that nothing can be saved to it, not that it was deleted.
 */
export function ownerNotice(owner: ProfileRef, profiles: readonly SessionProfile[], kind: FormMode['kind']): string {
  const what = kind === 'draft' ? 'Черновик' : 'Заявка';
  const mine = profiles.find((profile) => profile.id === owner.id);
  if (mine) return `${what} принадлежит профилю ${quoted(profileLabel(mine))}: переключитесь на него, чтобы продолжить`;
  return `${what} принадлежит профилю ${quoted(profileLabel(owner))}, к которому у вас больше нет доступа: сохранить изменения нельзя`;
}

export interface FormOwner {
  /** The application's profile; null for a new one until its first save. */
  owner: ProfileRef | null;
  /** `ownerNotice` while another profile is active, else null. */
  notice: string | null;
  /** The same, as the session stands now (a refusal is handled before the page renders again). */
  noticeNow(): string | null;
  /**
   * After a refusal of who may act: the notice, the session asked for again first when it still
   * names the owner (a switch in another tab reaches this one by a socket event that may not have come).
   */
  checkNow(): Promise<string | null>;
  /** A new draft's first save makes its profile the owner. */
  own(customer: ProfileRef): void;
}

/**
 * The profile the form edits for. Every call acts as the active profile (ARCHITECTURE §8), so once
 * another one is active (switched in this tab or another, or the organisation left) the form's saves
 * would be refused and its application is not readable: the form keeps what is typed, holds its saves
 * and says whose the application is, rather than taking it for deleted.
 */
export function useFormOwner(initial: ProfileRef | null, kind: FormMode['kind']): FormOwner {
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState(initial);
  const current = useRef(owner);
  const notice = useSessionStore((s) => (owner && s.activeProfile?.id !== owner.id ? ownerNotice(owner, s.profiles, kind) : null));

  const noticeNow = useCallback(() => {
    const known = current.current;
    const { activeProfile, profiles } = useSessionStore.getState();
    return known && activeProfile?.id !== known.id ? ownerNotice(known, profiles, kind) : null;
  }, [kind]);

  const checkNow = useCallback(async () => {
    if (!current.current || noticeNow()) return noticeNow();
    const before = useSessionStore.getState().activeProfile?.id;
    await refreshOrganizations(queryClient);
    // As the shell does on its own news of a switch: what every screen shows is the other profile's now.
    if (useSessionStore.getState().activeProfile?.id !== before) void queryClient.invalidateQueries();
    return noticeNow();
  }, [queryClient, noticeNow]);

  const own = useCallback((customer: ProfileRef) => {
    current.current ??= customer;
    setOwner((known) => known ?? customer);
  }, []);

  return { owner, notice, noticeNow, checkNow, own };
}
