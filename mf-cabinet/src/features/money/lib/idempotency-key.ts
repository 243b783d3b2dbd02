import { useRef } from 'react';
import { newRequestKey } from 'shared';

/**
 * One key per intended withdrawal: made when the dialog opens and sent again with the same body
 * (a retry after a failure moves money at most once). A changed amount or requisite is another
 * operation, and the API refuses an old key with a new body (409), so that gets a new key.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const ref = useRef<{ key: string; body: string | null } | null>(null);
  ref.current ??= { key: newRequestKey(), body: null };
  const current = ref.current;
  return (body) => {
    const sent = JSON.stringify(body);
    if (current.body !== null && current.body !== sent) current.key = newRequestKey();
    current.body = sent;
    return current.key;
  };
}
