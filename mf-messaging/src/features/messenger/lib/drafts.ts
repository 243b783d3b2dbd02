import { USER_STORAGE_PREFIX } from 'shared';
import type { MessageTarget } from 'shared/lk';

/*
 * What is typed in a composer, kept for the tab's session: the composer is rebuilt for each
 * conversation, on a phone's way back to the list and on a return to the page, and the words would
 * go with it. Kept by user and profile (another profile has other conversations, and an
 * organisation's profile may be another member's in the same tab after a new login), and by the
 * conversation — or, for one not started yet, by the application and profile written to, until its
 * first message starts it. Files chosen are kept too, in the page's memory alone (a File cannot be
 * stored): a visit to another conversation keeps them, a reload does not.
 */

// Under the user's prefix: the end of the session takes the drafts away (shared's forgetUserStorage).
const PREFIX = `${USER_STORAGE_PREFIX}mf-messaging:draft:`;

export interface StoredDraft {
  text: string;
  /**
   * The messages that did not go (failed, or cancelled), in order, as the field holds them one per
   * line: sent again unchanged, they go as they were, each under its own key.
   */
  resend?: readonly { key: string; text: string }[] | null;
  /** How many files are kept with it, in the page's memory: with the stored draft gone (a logout), they are too. */
  files?: number;
}

/** The storage key of a composer's draft; null without a user (nothing is kept for nobody). */
export function draftKey(userId: number | undefined, profileId: number, target: MessageTarget): string | null {
  if (userId === undefined) return null;
  const where = 'messagingId' in target ? `m${target.messagingId}` : `a${target.applicationId}-${target.profileId ?? ''}`;
  return `${PREFIX}${userId}:${profileId}:${where}`;
}

export function readDraft(key: string | null): StoredDraft | null {
  if (key === null) return null;
  try {
    const raw = sessionStorage.getItem(key);
    const value = raw ? (JSON.parse(raw) as StoredDraft) : null;
    if (!value || typeof value.text !== 'string') return null;
    // One message kept as it was before a list was (a tab's session across a release).
    const resend: unknown = value.resend;
    return resend && !Array.isArray(resend) ? { ...value, resend: [resend as { key: string; text: string }] } : value;
  } catch {
    return null;
  }
}

const keptFiles = new Map<string, File[]>();

/** The files chosen for a draft in this page's life, none after a reload. */
export function readDraftFiles(key: string | null): File[] {
  if (!readDraft(key)?.files) return [];
  return (key !== null && keptFiles.get(key)) || [];
}

/** Kept while the field holds something; an emptied field (the message went) leaves nothing behind. */
export function saveDraft(key: string | null, draft: StoredDraft, files: readonly File[] = []): void {
  if (key === null) return;
  if (files.length > 0) keptFiles.set(key, [...files]);
  else keptFiles.delete(key);
  try {
    if (draft.text === '' && files.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(files.length > 0 ? { ...draft, files: files.length } : draft));
  } catch {
    // Without storage (private mode, full) the draft lives as long as its field, as before.
  }
}
