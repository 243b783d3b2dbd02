import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Message } from 'shared/lk';

/** Within this many pixels of the bottom, a reader is following the conversation. */
const NEAR_BOTTOM_PX = 120;

/**
 * Keeps the log where a reader expects it: at the newest message when the thread opens or a
 * message arrives while following it (or is sent here), and in place when older ones load above.
 */
export function useThreadScroll(log: RefObject<HTMLElement | null>, messages: readonly Message[], profileId: number): void {
  const last = useRef<{ first: number | null; newest: number | null; height: number; following: boolean }>({ first: null, newest: null, height: 0, following: true });

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const onScroll = () => {
      last.current.following = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [log]);

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const first = messages[0]?.id ?? null;
    const newestMessage = messages[messages.length - 1];
    const newest = newestMessage?.id ?? null;
    const before = last.current;
    if (before.newest === null || (newest !== before.newest && (before.following || newestMessage?.author.id === profileId))) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && newest === before.newest) {
      element.scrollTop += element.scrollHeight - before.height;
    }
    last.current = { ...before, first, newest, height: element.scrollHeight };
  }, [log, messages, profileId]);
}
