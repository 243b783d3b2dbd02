import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from 'shared';
import { type Message } from 'shared/lk';
import { useThreadScroll } from '../hooks/use-thread-scroll';
import { groupByDay } from '../lib/day-groups';
import { MessageItem } from './message-item';

export interface MessageLogProps {
  messages: Message[];
  profileId: number;
  /** Who the conversation is with, for the log's name. */
  interlocutor: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Loads the next older page; settles once it is in (or failed). */
  onOlder: () => Promise<unknown>;
  /** Shown when there are no messages (a new conversation, a filter that matched nothing). */
  empty: ReactNode;
}

/** Whether the keyboard's place is lost (on <body>) or still in `control`. */
function focusLostFrom(control: Element | null | undefined): boolean {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(control?.contains(active));
}

/**
 * The keyboard's place after «Показать более ранние»: the button is disabled while the page loads
 * (the browser drops its focus to <body>) and is gone after the last page. Once the page is in, the
 * focus goes back to the button if it is still there, else to the oldest message just loaded, the
 * next one to read; unless the reader has moved elsewhere meanwhile.
 */
function useOlderFocus(log: RefObject<HTMLElement | null>, messages: readonly Message[], onOlder: () => Promise<unknown>) {
  const olderBox = useRef<HTMLDivElement>(null);
  const items = useRef(new Map<number, HTMLElement>());
  // The ids shown when the page was asked for, set once it is in: the focus moves in the render after.
  const [loaded, setLoaded] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    setLoaded(null);
    const button = olderBox.current?.querySelector('button');
    if (!focusLostFrom(button)) return;
    if (button && !button.disabled) return button.focus();
    const added = messages.find((message) => !loaded.has(message.id));
    (added ? items.current.get(added.id) : log.current)?.focus();
  }, [loaded, messages, log]);

  const older = async () => {
    const shown = new Set(messages.map((message) => message.id));
    await onOlder();
    setLoaded(shown);
  };
  const itemRef = (id: number) => (node: HTMLElement | null) => {
    if (node) items.current.set(id, node);
    else items.current.delete(id);
  };
  return { olderBox, older, itemRef };
}

/**
 * The thread, oldest first under day separators. `role="log"` (polite): a screen reader reads out
 * messages as they arrive. It scrolls on its own, so it takes the focus for keyboard scrolling.
 */
export function MessageLog({ messages, profileId, interlocutor, hasOlder, loadingOlder, onOlder, empty }: MessageLogProps) {
  const log = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupByDay(messages), [messages]);
  useThreadScroll(log, messages, profileId);
  const { olderBox, older, itemRef } = useOlderFocus(log, messages, onOlder);
  return (
    <div ref={log} className="msg-log" role="log" aria-live="polite" aria-label={`Переписка: ${interlocutor}`} aria-busy={loadingOlder || undefined} tabIndex={0}>
      {hasOlder && (
        <div ref={olderBox} className="msg-log__older">
          <Button variant="ghost" size="sm" loading={loadingOlder} onClick={() => void older()}>
            Показать более ранние
          </Button>
        </div>
      )}
      {messages.length === 0 && <div className="msg-log__empty">{empty}</div>}
      {groups.map((group) => (
        <div key={group.key} className="msg-day">
          <p className="msg-day__label">
            <time dateTime={group.key}>{group.label}</time>
          </p>
          {group.messages.map((message) => (
            <MessageItem key={message.id} ref={itemRef(message.id)} message={message} own={message.author.id === profileId} />
          ))}
        </div>
      ))}
    </div>
  );
}
