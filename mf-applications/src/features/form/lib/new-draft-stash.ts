import { USER_STORAGE_PREFIX, useSessionStore } from 'shared';
import type { ApplicationFormValues } from './form-values';

/**
 * A new application's form left by the browser (a reload, the tab hidden) before its first save:
 * its values wait in the tab's session storage, for the page can no longer take the address of the
 * draft the save sent as it went makes (use-draft-autosave; the save alone would have a reload open
 * an empty form). The form page takes them back on its next start and saves them as the draft at
 * once. The form's key (`clientKey`) waits with them: the save sent before the reload, its answer
 * lost, made the draft the next start's save then finds, rather than a second one.
 *
 * Kept by user and profile, under the user's prefix: the end of the session takes it away (shared's
 * forgetUserStorage), and the next person to log in at this tab never opens, and saves as his own,
 * another's unsaved application (QA P-3). Without a user or a profile nothing is kept.
 */
const PREFIX = `${USER_STORAGE_PREFIX}mf-applications:new-draft:`;
/** Where releases before kept it, bound to no user: never read (whose was it?), only forgotten. */
const UNBOUND_KEY = 'lk-application-form:new-draft';

function slot(): string | null {
  const { user, activeProfile } = useSessionStore.getState();
  return user && activeProfile ? `${PREFIX}${user.id}:${activeProfile.id}` : null;
}

export interface NewDraftStash {
  values: ApplicationFormValues;
  clientKey?: string | undefined;
}

export function stashNewDraft(stash: NewDraftStash): void {
  const key = slot();
  if (key === null) return;
  try {
    sessionStorage.setItem(key, JSON.stringify(stash));
  } catch {
    // Without storage the edit is lost as any unsaved form's is.
  }
}

export function clearNewDraftStash(): void {
  const key = slot();
  try {
    if (key !== null) sessionStorage.removeItem(key);
    sessionStorage.removeItem(UNBOUND_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The stashed values and key, or null. Read, not removed: the page's first render may be thrown
 * away and done again (a part of it still loading suspends it), and the second read must find them
 * too. The draft's first save removes them (use-draft-autosave), so they come back until they are saved.
 */
const isFormValues = (value: unknown): value is ApplicationFormValues =>
  Boolean(value) && typeof value === 'object' && typeof (value as ApplicationFormValues).name === 'string' && Array.isArray((value as ApplicationFormValues).services);

export function readNewDraftStash(): NewDraftStash | null {
  const key = slot();
  try {
    sessionStorage.removeItem(UNBOUND_KEY);
    if (key === null) return null;
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = (JSON.parse(raw) ?? {}) as Partial<NewDraftStash> & Partial<ApplicationFormValues>;
    // A stash of the release before form keys held the values alone: taken back too, with a new key.
    const { values, clientKey } = isFormValues(parsed) ? { values: parsed, clientKey: undefined } : parsed;
    if (!isFormValues(values)) return null;
    return typeof clientKey === 'string' ? { values, clientKey } : { values };
  } catch {
    return null;
  }
}
