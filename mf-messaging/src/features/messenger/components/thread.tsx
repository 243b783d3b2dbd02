import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button, EmptyState, ErrorState, errorMessage, isNotFoundOrHiddenStatus, LoadingSkeleton, pluralize, useDebouncedValue, useQueryRetry, useSessionStore } from 'shared';
import { threadMessages, useMessages, type Message, type MessageTarget } from 'shared/lk';
import { useMarkRead } from '../hooks/use-mark-read';
import { draftKey } from '../lib/drafts';
import { TEXTS } from '../lib/texts';
import { wholeLoad } from '../lib/whole-load';
import { Composer, type Draft, type QueuedMessage } from './composer';
import { EMPTY_FILTER, isFilterActive, MessageFilter, periodError, type FilterInput } from './message-filter';
import { MessageLog } from './message-log';
import { ThreadHeader, type ThreadHeading } from './thread-header';

export interface ThreadProps {
  profileId: number;
  /** Null for a conversation not started yet ("write to"): no messages, the first one starts it. */
  messagingId: number | null;
  target: MessageTarget;
  heading: ThreadHeading;
  /** The list's unread count of this conversation (it may be known before the messages). */
  listUnread: number;
  focusTitle: boolean;
  /** The conversation was just started here: the message field keeps the focus. */
  focusComposer?: boolean;
  /**
   * A new conversation's first message was sent; `unsent` is what its composer holds now, `queued`
   * the messages sent after it that wait to go.
   */
  onSent?: (message: Message, unsent: Draft, queued: QueuedMessage[]) => void;
  /** What the composer starts with: what was typed in a new conversation while its first message went. */
  initialDraft?: Draft | null;
  /** What the composer sends as it opens: the messages sent after a new conversation's first, waiting for it. */
  initialQueue?: readonly QueuedMessage[];
  /** The conversation was just started here by its first message: the composer says it went. */
  announceSent?: boolean;
  /** What an empty new conversation says. */
  emptyHint?: string;
  /** Whether the list beside has conversations to choose from; null while that is not known. */
  listHasConversations?: boolean | null;
}

/** Why a conversation is not found, and what the reader can do: the list may have nothing to choose. */
function notFoundText(listHasConversations: boolean | null): string {
  const why = 'Возможно, ссылка устарела или диалог ведёт другой ваш профиль.';
  if (listHasConversations === null) return why;
  return `${why} ${listHasConversations ? 'Выберите диалог из списка.' : 'У этого профиля диалогов пока нет.'}`;
}

/** The applied filter: the query once typing pauses, only complete dates in the right order. */
function useAppliedFilter(input: FilterInput) {
  const query = useDebouncedValue(input.query.trim(), 300);
  const badPeriod = Boolean(periodError(input));
  return { query, from: badPeriod ? '' : (input.from ?? ''), to: badPeriod ? '' : (input.to ?? '') };
}

/**
 * What a search or period found, for a screen reader: the log that shows it is a new one each
 * time (after «Загружаем переписку…»), and a live region says nothing of what it starts with.
 */
function foundText(applied: boolean, total: number | undefined): string {
  if (!applied || total === undefined) return '';
  return total === 0 ? TEXTS.nothingFound : `Найдено: ${total} ${pluralize(total, ['сообщение', 'сообщения', 'сообщений'])}`;
}

function ThreadSkeleton() {
  return (
    <LoadingSkeleton>
      <div className="msg-log msg-log--loading" aria-busy="true">
        <p role="status">Загружаем переписку…</p>
      </div>
    </LoadingSkeleton>
  );
}

/**
 * Once a conversation has opened (its messages in place), a composer below the screen's edge is
 * brought up: on a phone the page's own heading and the back link stood above the log, and the
 * field to answer in started below the fold. 'nearest' keeps the thread's heading on screen when
 * the thread is taller than the screen.
 */
function useRevealOnOpen(section: RefObject<HTMLElement | null>, messagingId: number | null, ready: boolean) {
  const revealed = useRef<number | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (!ready || revealed.current === messagingId) return;
    revealed.current = messagingId;
    const element = section.current;
    if (!element) return;
    const reveal = () => {
      if (element.getBoundingClientRect().bottom > window.innerHeight) element.scrollIntoView?.({ block: 'nearest' });
    };
    reveal();
    // What loads after the messages (the heading's application, the log's own scroll to the newest)
    // may still move the composer down: for a moment it is brought up again, until the reader
    // scrolls or types himself.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(element);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of USER_SCROLLS) window.removeEventListener(type, stop);
    };
    const timer = setTimeout(stop, REVEAL_FOLLOW_MS);
    for (const type of USER_SCROLLS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [section, messagingId, ready]);
}

/** How long an opened thread keeps its composer on screen as the page settles. */
const REVEAL_FOLLOW_MS = 3000;
const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function Thread({ profileId, messagingId, target, heading, listUnread, focusTitle, focusComposer = false, onSent, initialDraft = null, initialQueue, announceSent = false, emptyHint, listHasConversations = null }: ThreadProps) {
  const titleId = useId();
  // Each profile keeps its own draft here: another profile's composer is another one.
  const composerKey = draftKey(useSessionStore((s) => s.user?.id), profileId, target);
  const [input, setInput] = useState<FilterInput>(EMPTY_FILTER);
  const filter = useAppliedFilter(input);
  const query = useMessages(profileId, messagingId, filter);
  const messages = threadMessages(query.data?.pages);
  // The reader is at the newest messages (as the log opens): what arrives while he reads history waits unread.
  const [following, setFollowing] = useState(true);
  useMarkRead(profileId, messagingId, query.isSuccess ? messages : null, listUnread, following, !isFilterActive(filter));
  const filtered = isFilterActive(input);
  // Kept while an older page fails (the query is in error, its pages still there): not said again after.
  const found = foundText(isFilterActive(filter), query.data?.pages[0]?.total);
  // A conversation past the list's loaded pages: the interlocutor is whoever else writes in it.
  const shown = heading.application ? heading : { ...heading, title: messages.find((m) => m.author.id !== profileId)?.author.name ?? heading.title };

  // A conversation that is not there or not this profile's (an old link, another profile's):
  // nothing to retry, nothing to write to.
  const missing = messagingId !== null && query.isError && !query.isFetchNextPageError && isNotFoundOrHiddenStatus(query.error);
  // «Повторить» of a thread that failed whole (shared `useQueryRetry`): once the messages are in,
  // the log takes the focus the button had.
  const load = useQueryRetry<HTMLDivElement>(wholeLoad(query));
  const olderError = query.isFetchNextPageError ? errorMessage(query.error, 'Проверьте подключение и попробуйте ещё раз.') : null;
  // What one writes is to be seen going in: a search or period that would hide it is cleared.
  const sent = (message: Message, unsent: Draft, queued: QueuedMessage[]) => {
    setInput((now) => (isFilterActive(now) ? EMPTY_FILTER : now));
    onSent?.(message, unsent, queued);
  };
  const section = useRef<HTMLElement>(null);
  useRevealOnOpen(section, messagingId, messagingId === null || !query.isPending);
  let log;
  if (messagingId !== null && load.loading) log = <ThreadSkeleton />;
  else if (missing) {
    log = <EmptyState title={TEXTS.threadNotFound} description={notFoundText(listHasConversations)} />;
  } else if (messagingId !== null && load.failed) {
    log = <ErrorState title={TEXTS.threadError} message={errorMessage(load.error, 'Проверьте подключение и попробуйте ещё раз.')} onRetry={load.retry} retrying={load.retrying} />;
  } else {
    log = (
      <MessageLog
        logRef={load.target}
        view={`${filter.query}|${filter.from}|${filter.to}`}
        messages={messages}
        profileId={profileId}
        interlocutor={shown.title}
        hasOlder={Boolean(query.hasNextPage)}
        loadingOlder={query.isFetchingNextPage}
        olderError={olderError}
        onOlder={() => query.fetchNextPage()}
        onFollowingChange={setFollowing}
        empty={
          filtered ? (
            <EmptyState
              title={TEXTS.nothingFound}
              description="Измените запрос или период."
              action={
                <Button variant="secondary" size="sm" onClick={() => setInput(EMPTY_FILTER)}>
                  Сбросить поиск
                </Button>
              }
            />
          ) : (
            <EmptyState title={TEXTS.noMessages} description={emptyHint} />
          )
        }
      />
    );
  }

  return (
    <section ref={section} className="msg-thread" aria-labelledby={titleId}>
      <ThreadHeader heading={shown} titleId={titleId} focus={focusTitle} />
      {messagingId !== null && !missing && (
        <>
          <MessageFilter value={input} onChange={setInput} />
          <p role="status" className="ui-visually-hidden">
            {found}
          </p>
        </>
      )}
      {!missing && messages.length > 0 && (
        // Past the log by keyboard is past each of its files' buttons: one press goes to the field.
        <button type="button" className="msg-skip" onClick={() => section.current?.querySelector<HTMLTextAreaElement>('.msg-composer__text')?.focus()}>
          {TEXTS.skipToComposer}
        </button>
      )}
      {log}
      {!missing && (
        <Composer
          key={composerKey}
          draftKey={composerKey}
          target={target}
          autoFocus={focusComposer}
          initialDraft={initialDraft}
          initialQueue={initialQueue}
          announceSent={announceSent}
          onSent={sent}
        />
      )}
    </section>
  );
}
