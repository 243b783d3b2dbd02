import { conversationPath, lkApplicationDetailPath, MESSAGES_PATH } from 'shared';

/** This remote's page (remotes.json mount) and the URL state of spec §2's `/lk/message`. */
export const messagesPaths = {
  list: MESSAGES_PATH,
  conversation: conversationPath,
  /** The lk page of the application a conversation is about (mf-applications, by URL). */
  application: lkApplicationDetailPath,
};

/** A positive integer id from the URL, else null. */
export function parseId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
