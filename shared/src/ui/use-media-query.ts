import { useSyncExternalStore } from 'react';

/** Touch first: the primary pointer is a finger (no Shift+Enter, no hover). */
export const COARSE_POINTER = '(pointer: coarse)';
/** The primary pointer can hover: a mouse, not a finger whose «hover» stays where it last tapped. */
export const CAN_HOVER = '(hover: hover)';

const listOf = (query: string) => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/**
 * Whether a CSS media query matches, kept up to date (a tablet's keyboard attached, a window
 * moved to another screen). `fallback` on the server and where matchMedia is missing.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listOf(query)?.matches ?? fallback,
    () => fallback,
  );
}
