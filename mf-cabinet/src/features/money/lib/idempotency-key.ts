import { useRef } from 'react';
import { isApiError, newRequestKey, USER_STORAGE_PREFIX, useSessionStore } from 'shared';
import type { WithdrawalBody } from 'shared/lk';

/*
 * A withdrawal whose answer never came (the connection dropped, the answer was unreadable, a
 * proxy's 5xx) may have been paid out. Its key waits in the tab's session storage, by user, profile,
 * amount and requisite, beyond the dialog that sent it: the same withdrawal sent from a dialog opened
 * again gets the first one's answer instead of a second payout. An answer that says what became of
 * it (done, or a 4xx refusal) lets it go: after that the same amount again is a new withdrawal.
 * Under the user's prefix: the end of the session takes it away (shared's forgetUserStorage).
 */
const PREFIX = `${USER_STORAGE_PREFIX}mf-cabinet:withdrawal-key:`;

function slotOf(body: WithdrawalBody): string | null {
  const { user, activeProfile } = useSessionStore.getState();
  if (!user || !activeProfile) return null;
  return `${PREFIX}${user.id}:${activeProfile.id}:${body.amount}:${body.bankRequisiteId}`;
}

function readKept(slot: string | null): string | null {
  if (slot === null) return null;
  try {
    return sessionStorage.getItem(slot);
  } catch {
    return null;
  }
}

function writeKept(slot: string | null, key: string | null): void {
  if (slot === null) return;
  try {
    if (key === null) sessionStorage.removeItem(slot);
    else sessionStorage.setItem(slot, key);
  } catch {
    // Without storage the key lives as long as its dialog, as a retry there still finds it.
  }
}

/** Whether an error leaves it unknown what became of the withdrawal: anything but the server's 4xx refusal. */
export const withdrawalOutcomeUnknown = (error: unknown): boolean => !(isApiError(error) && error.isClientError);

export interface WithdrawalKeys {
  /** The key to send with this body: a kept one of the same withdrawal, else the dialog's. */
  keyFor(body: WithdrawalBody): string;
  /** The withdrawal sent with `key` got its answer (`error` undefined) or failed with `error`. */
  settled(body: WithdrawalBody, key: string, error?: unknown): void;
}

/**
 * One key per intended withdrawal: made when the dialog opens and sent again with the same body
 * (a retry after a failure moves money at most once). A changed amount or requisite is another
 * operation, and the API refuses an old key with a new body (409), so that gets a new key — unless
 * a withdrawal of that body is still unanswered (above), whose key it takes.
 */
export function useIdempotencyKey(): WithdrawalKeys {
  const ref = useRef<{ key: string; body: string | null } | null>(null);
  ref.current ??= { key: newRequestKey(), body: null };
  const current = ref.current;
  return {
    keyFor(body) {
      const sent = JSON.stringify(body);
      const kept = readKept(slotOf(body));
      if (kept !== null) current.key = kept;
      else if (current.body !== null && current.body !== sent) current.key = newRequestKey();
      current.body = sent;
      return current.key;
    },
    settled(body, key, error) {
      const unknown = error !== undefined && withdrawalOutcomeUnknown(error);
      writeKept(slotOf(body), unknown ? key : null);
    },
  };
}
