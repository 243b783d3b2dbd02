import { useState } from 'react';
import { useSessionStore, type SessionProfile } from './session-store';

export interface OpenedAs {
  /** The active profile when the form or dialog opened (null when none was known). */
  openedAs: SessionProfile | null;
  /**
   * Another profile is active now (switched in another tab, or the organisation lost), or none while
   * the user is still signed in and the profile is no longer his: nothing may be sent.
   */
  switchedAway: boolean;
  /** The profile it was opened as, while it is still the user's (a switch back may be offered); else null. */
  stillMine: SessionProfile | null;
}

/**
 * The profile a form or dialog acts for. Every call acts as the active profile (ARCHITECTURE §8),
 * and it may change while the form is open: switched in another tab or on another device, or the
 * director removed the employee from the organisation. A form that sent then would send as the other
 * profile (QA RR-1): it keeps what is typed, holds its send and says for whom it was written.
 * Another profile, or none once the profile it was opened as is gone (an employee removed with no
 * profile of his own left active: QA AAU-1); not a session ended, which has its own way out.
 */
export function useOpenedAs(): OpenedAs {
  const [openedAs] = useState(() => useSessionStore.getState().activeProfile);
  const switchedAway = useSessionStore(
    (s) =>
      openedAs !== null &&
      (s.activeProfile !== null ? s.activeProfile.id !== openedAs.id : s.user !== null && !s.profiles.some((p) => p.id === openedAs.id)),
  );
  const stillMine = useSessionStore((s) => (openedAs === null ? null : (s.profiles.find((p) => p.id === openedAs.id) ?? null)));
  return { openedAs, switchedAway, stillMine };
}
