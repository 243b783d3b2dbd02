import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, applicationGet, applicationKeys, isNotFoundOrHiddenStatus, type SessionProfileType } from 'shared';
import { MESSAGING_MESSAGES } from 'shared/lk';
import type { ThreadHeading } from '../components/thread-header';

/** Why a "write to" link opens no composer: what the page says instead. */
export interface DraftRefusal {
  title: string;
  description: string;
}

/** An application that `application/get` does not know (404) or does not show the caller (403): there is nobody to write to about it. */
export const MISSING_APPLICATION: DraftRefusal = {
  title: 'Заявка не найдена',
  description: 'Написать можно по опубликованной заявке: возможно, она закрыта или снята с публикации, или в адресе ошибка.',
};

/** Someone other than the customer names another profile than the customer: the API would answer 404. */
export const NOT_THE_CUSTOMER: DraftRefusal = {
  title: 'Диалог не найден',
  description: 'По заявке можно написать только её заказчику — со страницы заявки: возможно, в адресе ошибка.',
};

/** The customer names nobody, or a profile that neither replied nor is named on the application. */
export const UNKNOWN_INTERLOCUTOR: DraftRefusal = {
  title: 'Собеседник не найден',
  description: 'Написать можно исполнителю, откликнувшемуся на заявку, или выбранному исполнителю — со страницы заявки: возможно, в адресе ошибка.',
};

/** A customer's profile writes about someone else's application: the API answers 403 (`executorsOnly`). */
export const NOT_AN_EXECUTOR: DraftRefusal = {
  title: 'Написать заказчику нельзя',
  description: `${MESSAGING_MESSAGES.executorsOnly}. Если у вас есть такой профиль, переключитесь на него.`,
};

/**
 * An executor's side whose part in an application no longer published has ended (its reply refused
 * or withdrawn, its deal stopped or cancelled): the API answers 409 (`notPublished`) — an old link
 * opened no composer that could only fail (QA T-5).
 */
export const NOT_PUBLISHED: DraftRefusal = {
  title: 'Написать заказчику нельзя',
  description: `${MESSAGING_MESSAGES.notPublished}: ваш отклик больше не действует.`,
};

/**
 * The customer names a profile whose reply has closed (refused, withdrawn, its deal ended) and who is
 * not named: no conversation with it yet, and the API would refuse one (403 `closedReply`).
 */
export const CLOSED_REPLY: DraftRefusal = {
  title: 'Написать исполнителю нельзя',
  description: `${MESSAGING_MESSAGES.closedReply}.`,
};

/** A conversation not started yet: its heading and who is written to, or why there is none. */
export type DraftView = { heading: ThreadHeading; to: 'customer' | 'executor' } | { refusal: DraftRefusal };

/**
 * The conversation a "write to" link (`?applicationId=` and maybe `profileId=`) opens for the
 * viewer's active profile, from `application/get` (the same cache entry as the application's own
 * pages). The link's structure only: the application's customer writes to the profile it names,
 * anyone else to the customer (who may or may not be named). So a link the API would refuse
 * whatever the application's state shows no composer: someone else naming another profile than
 * the customer, the customer naming nobody or a profile absent from the application's replies and
 * its named executor, a customer's profile writing to another customer (`viewerType`), and an
 * executor's side no longer in an application that is not published.
 */
export function useDraftHeading(applicationId: number | null, profileId: number | null, viewerId: number, viewerType: SessionProfileType | null): DraftView {
  const { data, error } = useQuery({ ...apiQueryOptions(applicationGet, { query: { id: applicationId ?? 0 } }, applicationKeys.detail(applicationId ?? 0)), enabled: applicationId !== null });
  if (!data && isNotFoundOrHiddenStatus(error)) return { refusal: MISSING_APPLICATION };
  if (!data) return { heading: { title: 'Новый диалог', application: null }, to: profileId === null ? 'customer' : 'executor' };
  const application = { id: data.id, number: data.number, name: data.name };
  if (data.customer.id !== viewerId) {
    if (profileId !== null && profileId !== data.customer.id) return { refusal: NOT_THE_CUSTOMER };
    if (viewerType === 'customer') return { refusal: NOT_AN_EXECUTOR };
    // No conversation yet (the page looked for one first): beyond a published application only the
    // side still in it starts one, a live reply or the named executor (the API's rule, ARCHITECTURE §8).
    const stillIn = data.executor?.id === viewerId || (data.replies ?? []).some((reply) => reply.executor.id === viewerId && reply.status === 'active');
    if (data.status !== 'published' && !stillIn) return { refusal: NOT_PUBLISHED };
    return { heading: { title: data.customer.name, application }, to: 'customer' };
  }
  const replies = profileId === null ? [] : (data.replies ?? []).filter((reply) => reply.executor.id === profileId);
  const named = profileId !== null && data.executor?.id === profileId;
  const executor = replies[0]?.executor ?? (named ? data.executor : null);
  if (!executor) return { refusal: UNKNOWN_INTERLOCUTOR };
  if (!named && !replies.some((reply) => reply.status === 'active')) return { refusal: CLOSED_REPLY };
  return { heading: { title: executor.name, application }, to: 'executor' };
}
