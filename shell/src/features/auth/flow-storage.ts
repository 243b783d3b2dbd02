import { useCallback, useState } from 'react';
import type { SentCode } from 'shared';

export type FlowKind = 'register' | 'recovery';

export interface FlowState<S extends string> {
  step: S;
  /** Canonical '7XXXXXXXXXX' once the code was sent. */
  phone: string;
  /** The code waited for: when it stops being usable, whether it was sent before the flow asked (`SentCode`). */
  code?: FlowCode | undefined;
}

export type FlowCode = Pick<SentCode, 'expires' | 'earlier'>;

// A reload in the middle of a flow comes back to the step it left (with the SMS countdown
// from its cookie). Nothing secret is kept: the step, the phone and when its code lapses.
const key = (kind: FlowKind) => `auth-flow:${kind}`;

/**
 * The flow's code for `phone`, as shared's sent-code memory names it: a code refused for good (its
 * tries spent, expired) is remembered for the tab, so a reload keeps the step waiting for a new
 * one instead of offering the field for the old one again.
 */
export const flowCodePurpose = (kind: FlowKind, phone: string) => `auth-${kind}:${phone}`;

function read<S extends string>(kind: FlowKind, steps: readonly S[]): FlowState<S> | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(key(kind)) ?? 'null') as Partial<FlowState<S>> | null;
    if (raw && typeof raw.phone === 'string' && raw.phone && steps.includes(raw.step as S)) {
      const code = raw.code && typeof raw.code.expires === 'number' ? { expires: raw.code.expires, earlier: raw.code.earlier === true } : undefined;
      return { step: raw.step as S, phone: raw.phone, code };
    }
  } catch {
    // Storage unavailable or damaged: start over.
  }
  return null;
}

export function clearFlow(kind: FlowKind): void {
  try {
    sessionStorage.removeItem(key(kind));
  } catch {
    // Nothing to clear.
  }
}

/** Step state that survives a reload for the `resumable` steps. */
export function useFlowState<S extends string>(kind: FlowKind, first: S, resumable: readonly S[]) {
  const [state, setState] = useState<FlowState<S>>(() => read(kind, resumable) ?? { step: first, phone: '' });
  const update = useCallback(
    (next: FlowState<S>) => {
      setState(next);
      try {
        if (resumable.includes(next.step)) sessionStorage.setItem(key(kind), JSON.stringify(next));
        else if (next.step === first) sessionStorage.removeItem(key(kind));
      } catch {
        // The flow still works, only without resuming after a reload.
      }
    },
    [kind, first, resumable],
  );
  return [state, update] as const;
}
