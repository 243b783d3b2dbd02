import { useMemo, useRef, type ReactNode } from 'react';
import { Button } from 'shared';
import { type Message } from 'shared/lk';
import { useMoreFocus } from '../hooks/use-more-focus';
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

/**
 * The thread, oldest first under day separators. `role="log"` (polite): a screen reader reads out
 * messages as they arrive. It scrolls on its own, so it takes the focus for keyboard scrolling.
 */
export function MessageLog({ messages, profileId, interlocutor, hasOlder, loadingOlder, onOlder, empty }: MessageLogProps) {
  const log = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => groupByDay(messages), [messages]);
  useThreadScroll(log, messages, profileId);
  const { moreBox: olderBox, more: older, itemRef } = useMoreFocus(log, messages, onOlder);
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
