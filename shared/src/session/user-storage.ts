/*
 * What a tab keeps of a logged-in user's own work (a message being written, say) lives in
 * sessionStorage under this prefix, so that the end of the session — a logout here or in another
 * tab, or an expired session — takes all of it away at once, whichever remote wrote it. Without
 * it, the next person to log in at this tab would find none of it (the keys carry the user id),
 * but it would stay in the browser until the tab closed.
 */
export const USER_STORAGE_PREFIX = 'user:';

/** Forgets everything kept under USER_STORAGE_PREFIX; storage that can't be read is left alone. */
export function forgetUserStorage(storage: Storage | undefined = globalThis.sessionStorage): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(USER_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Private mode or a blocked storage: nothing was kept there either.
  }
}
