import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Message } from 'shared/lk';

/** Within this many pixels of the bottom, a reader is following the conversation. */
const NEAR_BOTTOM_PX = 120;

export interface ThreadNews {
  /** Older messages came in above (a page asked for): how many. */
  onOlder: (count: number) => void;
  /**
   * Messages came in after the newest one shown (live, after a reconnect, sent here). `following`:
   * the reader was at the bottom (or sent it) and is kept there; else they wait below, and `first`
   * says they are the first to since the reader left the bottom.
   */
  onArrived: (added: readonly Message[], at: { following: boolean; first: boolean }) => void;
}

/**
 * Keeps the log where a reader expects it: at the newest message when the thread opens or a
 * message arrives while following it (or is sent here), and in place when older ones load above.
 * A reader who has scrolled up (reading history) stays where he is: what arrives meanwhile is
 * `unseen` (the first of them, and how many) until he is back at the bottom, himself or by
 * `toNewest`, which also gives the focus to the first of them. It says what came in by `news`, and
 * whether the reader is at the bottom (`following`: what arrives is in sight; not while he reads
 * history). Another `view` (a filter applied, its pages perhaps at hand) opens as the thread does.
 */
export function useThreadScroll(log: RefObject<HTMLElement | null>, messages: readonly Message[], profileId: number, news: ThreadNews, view = '') {
  const last = useRef<{ opened: string | null; first: number | null; newest: number | null; height: number; following: boolean }>({ opened: null, first: null, newest: null, height: 0, following: true });
  const [unseenFrom, setUnseenFrom] = useState<number | null>(null);
  const [following, setFollowing] = useState(true);
  const follow = useCallback((value: boolean) => {
    last.current.following = value;
    setFollowing(value);
  }, []);
  const unseen = useRef<number | null>(null);
  unseen.current = unseenFrom;
  const told = useRef(news);
  told.current = news;

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const onScroll = () => {
      const following = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      follow(following);
      if (following) setUnseenFrom(null);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [log, follow]);

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const first = messages[0]?.id ?? null;
    const newestMessage = messages[messages.length - 1];
    const newest = newestMessage?.id ?? null;
    const before = last.current;
    const opened = before.opened === view;
    // What came after the newest message shown (all of them, in a log that was empty).
    const since = before.newest === null ? -1 : messages.findIndex((m) => m.id === before.newest);
    const added = !opened || (since === -1 && before.newest !== null) ? [] : messages.slice(since + 1);
    if (!opened || before.newest === null || (newest !== before.newest && (before.following || newestMessage?.author.id === profileId))) {
      element.scrollTop = element.scrollHeight;
      // At the bottom now, whether the browser says so by a scroll event or not.
      follow(true);
      setUnseenFrom(null);
      if (added.length > 0) told.current.onArrived(added, { following: true, first: false });
    } else if (first !== before.first && newest === before.newest) {
      element.scrollTop += element.scrollHeight - before.height;
      const older = messages.findIndex((m) => m.id === before.first);
      if (older > 0) told.current.onOlder(older);
    } else if (added.length > 0) {
      const firstUnseen = unseen.current === null;
      if (firstUnseen) setUnseenFrom(added[0]!.id);
      told.current.onArrived(added, { following: false, first: firstUnseen });
    }
    last.current = { ...before, opened: view, first, newest, height: element.scrollHeight };
  }, [log, messages, profileId, view, follow]);

  const at = unseenFrom === null ? -1 : messages.findIndex((m) => m.id === unseenFrom);
  const count = at === -1 ? 0 : messages.length - at;

  /** To the newest message; the focus to the first one not seen, brought just into view. */
  const toNewest = useCallback(
    (target: HTMLElement | null | undefined) => {
      const element = log.current;
      if (!element) return;
      element.scrollTop = element.scrollHeight;
      follow(true);
      setUnseenFrom(null);
      const focus = target ?? element;
      focus.focus({ preventScroll: true });
      focus.scrollIntoView?.({ block: 'nearest' });
    },
    [log, follow],
  );

  return { unseen: count > 0 ? { id: unseenFrom!, count } : null, toNewest, following };
}
