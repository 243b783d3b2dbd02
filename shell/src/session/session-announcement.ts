import { create } from 'zustand';

/** Said to screen readers when this tab's user logs out («Выйти»). */
export const LOGGED_OUT_ANNOUNCEMENT = 'Вы вышли из аккаунта';

/** Said to screen readers when this tab's user has logged in (or registered): who he is now. */
export function loggedInAnnouncement(name: string | null | undefined): string {
  const shown = name?.trim();
  return shown ? `Вы вошли как ${shown}` : 'Вы вошли в аккаунт';
}

interface SessionAnnouncement {
  words: string;
  /** Counts the announcements: the same words again (a second login) are news again. */
  id: number;
}

/**
 * What the layout's live region (SessionAnnouncer) is to say about a login or a logout made in this
 * tab. The header changes with the session, but a screen reader says nothing of it: the dialog
 * closes, «Выйти» goes away, and no toast says either.
 */
export const useSessionAnnouncement = create<SessionAnnouncement>(() => ({ words: '', id: 0 }));

export function announceSession(words: string): void {
  useSessionAnnouncement.setState((state) => ({ words, id: state.id + 1 }));
}
