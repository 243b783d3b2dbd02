import { useEffect, useRef, useState } from 'react';
import { ANNOUNCEMENT_KEPT_MS } from 'shared';
import { useSessionAnnouncement } from '../../session/session-announcement';

/** A modal dialog is open: what stands behind it, this region included, is out of a screen reader's reach. */
const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/**
 * The layout's polite live region for a login or a logout made in this tab («Вы вошли как …», «Вы
 * вышли из аккаунта»; session-announcement.ts). There from the first render, empty: words put into a
 * region that appears with them are not reliably said. A login's words wait for the login dialog to
 * close (a page under an `aria-modal` dialog is not read), and then for the focus the closing placed
 * (its opener, or the page's heading), which a screen reader says first and which would cut off
 * words said before it. They are emptied after a while, so a reader going through the page later
 * does not meet them.
 */
export function SessionAnnouncer() {
  const { words, id } = useSessionAnnouncement();
  const before = useRef(id);
  const [said, setSaid] = useState({ words: '', id: 0 });

  useEffect(() => {
    // Only what is announced while the layout is there: not an old announcement again.
    if (id === before.current) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = () => {
      timer = setTimeout(() => setSaid({ words, id }), 0);
    };
    if (!modalOpen()) {
      say();
      return () => clearTimeout(timer);
    }
    const observer = new MutationObserver(() => {
      if (modalOpen()) return;
      observer.disconnect();
      say();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [words, id]);

  useEffect(() => {
    if (!said.words) return undefined;
    const timer = setTimeout(() => setSaid((current) => ({ ...current, words: '' })), ANNOUNCEMENT_KEPT_MS);
    return () => clearTimeout(timer);
  }, [said]);

  // Each announcement a new node: what is added to a live region is said, the same words too.
  return (
    <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true" data-session-announcer="">
      <span key={said.id}>{said.words}</span>
    </p>
  );
}
