import type { ApplicationFormValues } from './form-values';

/**
 * A new application's form left by the browser (a reload, the tab hidden) before its first save:
 * its values wait in the tab's session storage rather than going out as a draft whose address
 * the page can no longer take (a reload would then open an empty form beside an orphan draft).
 * The form page takes them back on its next start and saves them as the draft at once.
 */
const KEY = 'lk-application-form:new-draft';

export function stashNewDraft(values: ApplicationFormValues): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Without storage the edit is lost as any unsaved form's is.
  }
}

export function clearNewDraftStash(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The stashed values, or null. Read, not removed: the page's first render may be thrown away and
 * done again (a part of it still loading suspends it), and the second read must find them too.
 * The draft's first save removes them (use-draft-autosave), so they come back until they are saved.
 */
export function readNewDraftStash(): ApplicationFormValues | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const values = JSON.parse(raw) as ApplicationFormValues;
    return values && typeof values === 'object' && typeof values.name === 'string' && Array.isArray(values.services) ? values : null;
  } catch {
    return null;
  }
}
