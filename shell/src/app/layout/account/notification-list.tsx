import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiErrorText, bus, Button, ErrorState, focusLost, formatDateTime, keepNumbersTogether, pluralize, Spinner, useSessionStore, type Notification } from 'shared';
import { notificationItems, unreadOf, type NotificationPages } from '../../../session/notification-cache';
import { otherProfileOf, profileNote } from '../../../session/notification-profile';
import { getNotificationsQueryOptions, useNotifications } from './api/get-notifications';
import { useReadNotifications } from './api/read-notifications';
import { useSwitchAfterSaves } from './use-switch-after-saves';

const NOTIFICATION_FORMS = ['уведомление', 'уведомления', 'уведомлений'] as const;
export const ALL_READ_MESSAGE = 'Все уведомления прочитаны';

/** Whether the keyboard's place is lost (on <body>: the focused control went away) or still in `control`, about to go. */
function focusLostFrom(control: Element | null | undefined): boolean {
  return focusLost() || Boolean(control?.contains(document.activeElement));
}

const hasLink = (item: Notification): item is Notification & { link: string } => Boolean(item.link);

const toastFailure = (error: unknown) => bus.emit('toast:show', { type: 'error', message: apiErrorText(error) });

export function NotificationList({ onNavigate, headingRef }: { onNavigate: (to: string) => void; headingRef: RefObject<HTMLElement | null> }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useNotifications();
  const read = useReadNotifications();
  const navigate = useNavigate();
  const profiles = useSessionStore((s) => s.profiles);
  const activeId = useSessionStore((s) => s.activeProfile?.id);
  const switchProfile = useSwitchAfterSaves();
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef(new Map<number, HTMLLIElement>());
  const [focusId, setFocusId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const items = notificationItems(data);

  // A panel opened again starts with the newest page: the others would be asked for again at every
  // refetch (window focus, socket events) while nobody looks at them.
  useEffect(() => {
    const { queryKey } = getNotificationsQueryOptions();
    return () => {
      queryClient.setQueryData<NotificationPages>(queryKey, (old) =>
        old && old.pages.length > 1 ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
      );
    };
  }, [queryClient]);

  // Focus moves once the item is on screen (the render after the page came in).
  useEffect(() => {
    if (focusId === null) return;
    const item = itemRefs.current.get(focusId);
    if (!item) return;
    item.focus();
    setFocusId(null);
  }, [focusId, items]);

  if (isPending) return <Spinner label="Загрузка уведомлений…" />;
  if (isError && !data) return <ErrorState title="Не удалось загрузить уведомления" message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />;
  if (!items.length) return <p className="app-notifications__empty">Нет уведомлений</p>;

  // A notice about another of the user's profiles (his executor profile, an organisation he works
  // for) leads to a page only that profile may open: it opens as that profile, switched to first,
  // instead of saying «не найдена» as the active one.
  const profileFor = (item: Notification) => otherProfileOf(item.profileId, activeId, profiles);
  const open = (event: MouseEvent, item: Notification & { link: string }) => {
    const other = profileFor(item);
    if (!other) {
      if (!item.read) read.mutate([item.id]);
      onNavigate(item.link);
      return;
    }
    event.preventDefault();
    // A form's unsaved edits are asked about before the switch, and the drafts' last edits saved
    // as the profile they were typed for; «Отмена» leaves everything as it was, the notice unread.
    void switchProfile
      .switchTo(
        other,
        () => {
          onNavigate(item.link);
          navigate(item.link);
        },
        true,
      )
      .then((went) => {
        if (went && !item.read) read.mutate([item.id]);
      });
  };

  // A press that failed says so (spec §7: the server's message as an error toast); the button stays
  // to be pressed again. The read of a notification opened by its link goes quietly.
  // The «Прочитано» and «Отметить все прочитанными» buttons go away once done: the keyboard's place
  // moves to what is left (the item, the panel's heading) instead of falling to <body>.
  const markRead = (id: number) =>
    read.mutate([id], {
      onSuccess: () => {
        if (focusLostFrom(itemRefs.current.get(id))) setFocusId(id);
      },
      onError: toastFailure,
    });
  // The button and the items' «Новое:» go away without a word: the status says it is done.
  const markAll = () =>
    read.mutate(undefined, {
      onSuccess: () => {
        setAnnouncement(ALL_READ_MESSAGE);
        if (focusLostFrom(rootRef.current?.querySelector('.app-notifications__read-all'))) headingRef.current?.focus();
      },
      onError: toastFailure,
    });

  // The first item of the new page gets the focus (the button may be gone: it was the last page),
  // and the count is announced politely.
  const more = async () => {
    const shown = new Set(items.map((item) => item.id));
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) {
      rootRef.current?.querySelector<HTMLButtonElement>('.app-notifications__more')?.focus();
      return;
    }
    const added = notificationItems(result.data).filter((item) => !shown.has(item.id));
    setAnnouncement(added.length ? `Загружено ещё ${added.length} ${pluralize(added.length, NOTIFICATION_FORMS)}` : 'Новых уведомлений нет');
    if (added[0]) setFocusId(added[0].id);
  };

  return (
    <div ref={rootRef}>
      {/* Above the list, not under the pages of it loaded: one press however many are shown. */}
      {unreadOf(data) > 0 && (
        <div className="app-notifications__actions app-notifications__actions--top">
          <Button variant="secondary" size="sm" className="app-notifications__read-all" loading={read.isPending} onClick={markAll}>
            Отметить все прочитанными
          </Button>
        </div>
      )}
      <ul className="app-notifications__list">
        {items.map((item) => (
          <li
            key={item.id}
            ref={(node) => {
              if (node) itemRefs.current.set(item.id, node);
              else itemRefs.current.delete(item.id);
            }}
            tabIndex={-1}
            className={item.read ? 'app-notification' : 'app-notification app-notification--unread'}
          >
            {!item.read && <span className="ui-visually-hidden">Новое: </span>}
            {hasLink(item) ? (
              <Link
                to={item.link}
                onClick={(event) => open(event, item)}
                aria-busy={(switchProfile.pending && switchProfile.switchingTo === item.profileId) || undefined}
              >
                {keepNumbersTogether(item.message)}
              </Link>
            ) : (
              <span>{keepNumbersTogether(item.message)}</span>
            )}
            {profileFor(item) && <span className="app-notification__profile">{profileNote(profileFor(item)!)}</span>}
            <time className="app-notification__time" dateTime={item.createdAt}>
              {formatDateTime(item.createdAt)}
            </time>
            {!item.read && !item.link && (
              <Button variant="ghost" size="sm" onClick={() => markRead(item.id)}>
                Прочитано
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      {isFetchNextPageError && (
        <p className="app-notifications__error" role="alert">
          Не удалось загрузить уведомления
        </p>
      )}
      {hasNextPage && (
        <div className="app-notifications__actions">
          <Button variant="secondary" size="sm" className="app-notifications__more" loading={isFetchingNextPage} onClick={() => void more()}>
            Показать ещё
          </Button>
        </div>
      )}
    </div>
  );
}
