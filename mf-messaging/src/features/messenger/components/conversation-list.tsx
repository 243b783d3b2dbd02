import { useEffect, useId, useRef, type Ref, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, errorMessage, focusLost, formatDayLabel, formatTime, LoadingSkeleton, localDayKey, Skeleton, useLocalDay, VisuallyHidden, type QueryRetry } from 'shared';
import { type Messaging } from 'shared/lk';
import { useMoreFocus } from '../hooks/use-more-focus';
import { messagesPaths } from '../lib/paths';
import { TEXTS } from '../lib/texts';

export interface ConversationListProps {
  conversations: Messaging[];
  selectedId: number | null;
  /** A conversation (or a new one) is open beside the list, or in its place on a phone. */
  threadOpen: boolean;
  /** A new conversation is being written beside the list: an empty list says where it will appear. */
  writing?: boolean;
  /**
   * The list's first load and «Повторить» after it failed (shared `useQueryRetry`, called where the
   * list is queried): its `target` is this navigation, which takes the focus once the list is in.
   */
  load: QueryRetry;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last next page failed (the loaded conversations stay; «Показать ещё» asks again), else null. */
  moreError?: unknown;
  /** Loads the next page; settles once it is in (or failed). */
  onMore: () => Promise<unknown>;
}

/** How much of the last message a conversation's link shows: the rest is cut by CSS anyway. */
const PREVIEW_MAX = 100;

/**
 * The last message as one short line: the link's accessible name, which a screen reader reads on
 * each focus, holds this and not the whole message (up to 4000 characters). Cut by code points,
 * so an emoji is not split in two.
 */
function preview(text: string): string {
  const line = text.replace(/[ \t\n\r\f\v\u2028\u2029]+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length <= PREVIEW_MAX ? line : `${characters.slice(0, PREVIEW_MAX - 1).join('').trimEnd()}…`;
}

/** Today's message by its time, an earlier one by its day; `today` (useLocalDay) turns at midnight. */
function when(createdAt: string, today: string): string {
  return localDayKey(createdAt) === today ? formatTime(createdAt) : formatDayLabel(createdAt);
}

function ConversationItem({ conversation, selected, today, ref }: { conversation: Messaging; selected: boolean; today: string; ref?: Ref<HTMLAnchorElement> }) {
  const { application, interlocutor, lastMessage, unread } = conversation;
  return (
    <li>
      <Link ref={ref} to={messagesPaths.conversation(conversation.id)} className="msg-item" aria-current={selected ? 'page' : undefined}>
        <span className="msg-item__top">
          <span className="msg-item__name">{interlocutor.name}</span>
          {lastMessage && (
            <time className="msg-item__time" dateTime={lastMessage.createdAt}>
              {when(lastMessage.createdAt, today)}
            </time>
          )}
        </span>
        <span className="msg-item__application">
          Заявка № {application.number} · {application.name}
        </span>
        <span className="msg-item__bottom">
          <span className="msg-item__last">{lastMessage ? preview(lastMessage.text) || 'Файл' : TEXTS.noMessages}</span>
          {unread > 0 && (
            <span className="msg-item__unread">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <VisuallyHidden>, непрочитанных: {unread}</VisuallyHidden>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <LoadingSkeleton>
      <div className="msg-list__skeleton" aria-busy="true">
        <p role="status" className="ui-visually-hidden">
          Загружаем диалоги…
        </p>
        {[0, 1, 2].map((i) => (
          <div key={i} className="msg-item msg-item--skeleton">
            <Skeleton width="60%" />
            <Skeleton width="85%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
    </LoadingSkeleton>
  );
}

/**
 * Back to the list from a conversation («Назад к диалогам» on a phone, the browser's Back): the
 * thread that held the focus is gone, and the focus with it (to <body>, from where Tab would go
 * on past the list). It goes to the link of the conversation just left, else to the list.
 */
function useReturnFocus(nav: RefObject<HTMLElement | null>, selectedId: number | null, threadOpen: boolean) {
  const left = useRef<{ open: boolean; id: number | null }>({ open: threadOpen, id: selectedId });
  useEffect(() => {
    const before = left.current;
    left.current = { open: threadOpen, id: threadOpen ? selectedId : null };
    if (threadOpen || !before.open) return;
    if (!focusLost()) return;
    const link = before.id === null ? null : nav.current?.querySelector<HTMLElement>(`a[href="${messagesPaths.conversation(before.id)}"]`);
    (link ?? nav.current)?.focus();
  }, [nav, selectedId, threadOpen]);
}

/** The conversations, newest activity first: links that open each one (aria-current on the open one). */
export function ConversationList({ conversations, selectedId, threadOpen, writing = false, load, hasMore, loadingMore, moreError = null, onMore }: ConversationListProps) {
  const nav = load.target;
  const moreErrorId = useId();
  useReturnFocus(nav, selectedId, threadOpen);
  const { moreBox, more, itemRef } = useMoreFocus(nav, conversations, onMore);
  const today = useLocalDay();
  let body;
  if (load.loading) body = <ListSkeleton />;
  else if (load.failed) {
    body = <ErrorState title={TEXTS.listError} message={errorMessage(load.error, 'Проверьте подключение и попробуйте ещё раз.')} onRetry={load.retry} retrying={load.retrying} />;
  } else if (conversations.length === 0 && writing) {
    // The first conversation is being written beside the list (a «Написать…» link).
    body = <EmptyState title={TEXTS.emptyTitle} description={TEXTS.emptyWhileWriting} />;
  } else if (conversations.length === 0) {
    body = (
      <EmptyState
        title={TEXTS.emptyTitle}
        description={TEXTS.emptyDescription}
        action={
          <span className="msg-empty-links">
            <Link to="/application">Каталог заявок</Link>
            <Link to="/lk/application">Мои заявки</Link>
          </span>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="msg-list__items">
          {conversations.map((c) => (
            <ConversationItem key={c.id} ref={itemRef(c.id)} conversation={c} selected={c.id === selectedId} today={today} />
          ))}
        </ul>
        {hasMore && (
          <div ref={moreBox}>
            <Button variant="secondary" className="msg-list__more" loading={loadingMore} onClick={() => void more()} aria-describedby={moreError ? moreErrorId : undefined}>
              Показать ещё
            </Button>
            {Boolean(moreError) && !loadingMore && (
              <p id={moreErrorId} role="alert" className="msg-list__more-error">
                Не удалось загрузить ещё диалоги. {errorMessage(moreError, 'Проверьте подключение и попробуйте ещё раз.')}
              </p>
            )}
          </div>
        )}
      </>
    );
  }
  return (
    <nav ref={nav} className="msg-list" aria-label={TEXTS.listLabel} tabIndex={-1}>
      {body}
    </nav>
  );
}
