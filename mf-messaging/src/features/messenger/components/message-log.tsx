import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, pluralize, useLocalDay } from 'shared';
import { type Message } from 'shared/lk';
import { useMoreFocus } from '../hooks/use-more-focus';
import { useThreadScroll, type ThreadNews } from '../hooks/use-thread-scroll';
import { groupByDay } from '../lib/day-groups';
import { TEXTS } from '../lib/texts';
import { MessageItem } from './message-item';

export interface MessageLogProps {
  /** The log element, for its owner to focus (after a retry); its own when not given. */
  logRef?: RefObject<HTMLDivElement | null>;
  messages: Message[];
  profileId: number;
  /** Who the conversation is with, for the log's name. */
  interlocutor: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Why the last older page failed (the button asks again), else null. */
  olderError?: string | null;
  /** Loads the next older page; settles once it is in (or failed). */
  onOlder: () => Promise<unknown>;
  /** Shown when there are no messages (a new conversation, a filter that matched nothing). */
  empty: ReactNode;
  /** Which messages it shows (the applied filter): another view opens as the thread does, its messages no news. */
  view?: string;
  /**
   * Whether the reader is at the bottom, following the conversation (so what arrives is in sight):
   * told when it changes, and when the log opens (at the bottom).
   */
  onFollowingChange?: (following: boolean) => void;
}

/** A message as a screen reader is told it arrived: who, the text, the files. */
function spoken(message: Message): string {
  const files = message.documents.length > 0 ? `Файлы: ${message.documents.map((doc) => doc.name).join(', ')}` : '';
  return `${message.author.name}: ${[message.text, files].filter(Boolean).join('. ')}`;
}

/**
 * What the log says to a screen reader, each time a new node (so the same words twice are both
 * said): the interlocutor's messages that arrive while the reader follows the conversation (not
 * one's own, just written: the composer says it went); once, that new ones wait below one who
 * reads history; how many older ones a «Показать более ранние» brought.
 */
function useLogNews(profileId: number) {
  const [note, setNote] = useState<{ n: number; lines: string[] } | null>(null);
  const say = (lines: string[]) => setNote((last) => ({ n: (last?.n ?? 0) + 1, lines }));
  const news: ThreadNews = {
    onOlder: (count) => say([`Загружено ${count} ${pluralize(count, ['более раннее сообщение', 'более ранних сообщения', 'более ранних сообщений'])}`]),
    onArrived: (added, { following, first }) => {
      const theirs = added.filter((message) => message.author.id !== profileId);
      if (following) {
        if (theirs.length > 0) say(theirs.map(spoken));
      } else if (first) say([TEXTS.newBelow]);
    },
  };
  const view = (
    <p role="status" className="ui-visually-hidden">
      {note && (
        <span key={note.n}>
          {note.lines.map((line, i) => (
            <span key={i}>{line} </span>
          ))}
        </span>
      )}
    </p>
  );
  return { news, view };
}

/**
 * The thread, oldest first under day separators (`role="log"`). It is not a live region itself:
 * older messages loaded on request go in above without being read out as new; what a screen
 * reader hears is said apart (useLogNews). It scrolls on its own, so it takes the focus for
 * keyboard scrolling. A reader who has scrolled up gets a button at the log's bottom to the new
 * messages that came meanwhile.
 */
export function MessageLog({ logRef, messages, profileId, interlocutor, hasOlder, loadingOlder, olderError = null, onOlder, empty, view = '', onFollowingChange }: MessageLogProps) {
  const ownLog = useRef<HTMLDivElement>(null);
  const log = logRef ?? ownLog;
  const olderErrorId = useId();
  // «Сегодня» turns into «Вчера» at midnight on a thread left open.
  const today = useLocalDay();
  const groups = useMemo(() => groupByDay(messages), [messages, today]);
  const { news, view: newsView } = useLogNews(profileId);
  const { unseen, toNewest, following } = useThreadScroll(log, messages, profileId, news, view);
  useLayoutEffect(() => onFollowingChange?.(following), [following, onFollowingChange]);
  const { moreBox: olderBox, more: older, itemRef, itemNode } = useMoreFocus(log, messages, onOlder, 'start');
  return (
    <div className="msg-log-area">
      <div ref={log} className="msg-log" role="log" aria-live="off" aria-label={`Переписка: ${interlocutor}`} aria-busy={loadingOlder || undefined} tabIndex={0}>
        {hasOlder && (
          <div ref={olderBox} className="msg-log__older">
            <Button variant="ghost" size="sm" loading={loadingOlder} onClick={() => void older()} aria-describedby={olderError ? olderErrorId : undefined}>
              Показать более ранние
            </Button>
            {olderError && !loadingOlder && (
              <p id={olderErrorId} role="alert" className="msg-log__older-error">
                Не удалось загрузить более ранние сообщения. {olderError}
              </p>
            )}
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
      {unseen && (
        <Button className="msg-log__new" size="sm" onClick={() => toNewest(itemNode(unseen.id))}>
          {unseen.count} {pluralize(unseen.count, ['новое сообщение', 'новых сообщения', 'новых сообщений'])}
          <span aria-hidden="true"> ↓</span>
        </Button>
      )}
      {newsView}
    </div>
  );
}
