import type { QueryClient } from '@tanstack/react-query';
import { balanceKeys, bus, notificationEventSchema, notificationKeys, notificationReadEventSchema, refreshOrganizations, useSessionStore } from 'shared';
import type { MessageEvent } from 'shared/lk';
import { markNotificationsReadInCache, updateNotificationPages } from './notification-cache';
import { otherProfileOf, profileNote } from './notification-profile';

/**
 * The user's profiles may have changed elsewhere (a `profilesChanged` notification, or one missed
 * while the socket was down): they and the user are asked for again, and if the active profile is
 * no longer the same, so is everything the screens show.
 */
export async function resyncProfiles(queryClient: QueryClient): Promise<void> {
  const before = useSessionStore.getState().activeProfile?.id;
  await refreshOrganizations(queryClient);
  if (useSessionStore.getState().activeProfile?.id !== before) await queryClient.invalidateQueries();
}

function messageOf(payload: unknown): string | null {
  const message = (payload as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * Socket event `notification`: the bell's count at once, the lists refetched, a toast and a bus
 * event. The balance is read again too: what a notification tells (a deal paid, closed or
 * cancelled, a withdrawal paid out or refused) is what moves money, and the header shows it.
 * One that changed the user's profiles (removed from an organisation, its deletion, made its
 * director) resyncs them: the server may have switched the active profile, and this tab must not go
 * on acting for the organisation.
 */
export function handleNotificationEvent(queryClient: QueryClient, payload: unknown): void {
  const parsed = notificationEventSchema.safeParse(payload);
  const unread = parsed.success ? parsed.data.unread : undefined;
  updateNotificationPages(queryClient, (page) => ({ ...page, unread: unread ?? page.unread + 1 }));
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const message = messageOf(payload);
  // The application it is about: its open lk page refreshes itself (mf-applications listens).
  const applicationId = parsed.success ? (parsed.data.applicationId ?? null) : null;
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    if (message) bus.emit('notification:received', { message, applicationId });
  };
  // Its profiles changed (removed from the organisation, its deletion): they are read first, and the
  // balance and lists after, as the profile active then; read before, as the one lost, they would be
  // refused (409 profile_changed) and the profiles read once more (QA WW-6).
  if (parsed.success && parsed.data.profilesChanged) void resyncProfiles(queryClient).then(readAgain, readAgain);
  else readAgain();
  if (!message) return;
  // About another of the user's profiles: the toast says which, as the bell does.
  const { activeProfile, profiles } = useSessionStore.getState();
  const other = parsed.success ? otherProfileOf(parsed.data.profileId, activeProfile?.id, profiles) : undefined;
  bus.emit('toast:show', { type: 'info', message: other ? `${message} (${profileNote(other)})` : message });
}

/**
 * The socket is back after a gap: the notifications sent meanwhile went nowhere, nor did their reads
 * elsewhere. The bell's list (its count) and the balance their news moves are asked for again.
 */
export function catchUpNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
}

/**
 * Socket event `notification:read`: notifications were marked read in one of the user's tabs or
 * devices (this one included). The bell and the panel show it at once; the lists are asked for
 * again all the same, which also covers a payload this client cannot read.
 */
export function handleNotificationReadEvent(queryClient: QueryClient, payload: unknown): void {
  const parsed = notificationReadEventSchema.safeParse(payload);
  if (parsed.success) {
    const { all, ids, unread } = parsed.data;
    if (all || ids) markNotificationsReadInCache(queryClient, all ? 'all' : (ids ?? []), unread);
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/**
 * Socket event `message` to another of the user's profiles than the one he acts as: his header's
 * count and its list are the active profile's, so nothing else would tell him (QA BAB-1). A toast
 * names the profile, as one of a notification does; the message stays unread for that profile.
 * One his own side wrote (another tab, a colleague of the organisation) is no news.
 */
export function tellMessageToOtherProfile(event: MessageEvent): void {
  const { activeProfile, profiles } = useSessionStore.getState();
  if (profiles.some((profile) => profile.id === event.message.author.id)) return;
  const other = otherProfileOf(event.recipientProfileId, activeProfile?.id, profiles);
  if (other) bus.emit('toast:show', { type: 'info', message: `Новое сообщение: ${event.message.author.name} (${profileNote(other)})` });
}
