import { USER_STORAGE_PREFIX } from 'shared';
import type { MessageTarget } from 'shared/lk';

/*
 * What is typed in a composer, kept for the tab's session: the composer is rebuilt for each
 * conversation, on a phone's way back to the list and on a return to the page, and the words would
 * go with it. Kept by user and profile (another profile has other conversations, and an
 * organisation's profile may be another member's in the same tab after a new login), and by the
 * conversation — or, for one not started yet, by the application and profile written to, until its
 * first message starts it. Files are not kept: a File cannot be stored.
 */

// Under the user's prefix: the end of the session takes the drafts away (shared's forgetUserStorage).
const PREFIX = `${USER_STORAGE_PREFIX}mf-messaging:draft:`;

export interface StoredDraft {
  text: string;
  /** The message that did not go (failed, cancelled, or left on its way): sent again unchanged, it keeps its key. */
  resend?: { key: string; text: string } | null;
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
    return value && typeof value.text === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Kept while the field holds something; an emptied field (the message went) leaves nothing behind. */
export function saveDraft(key: string | null, draft: StoredDraft): void {
  if (key === null) return;
  try {
    if (draft.text === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Without storage (private mode, full) the draft lives as long as its field, as before.
  }
}
