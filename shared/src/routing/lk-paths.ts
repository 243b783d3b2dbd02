/**
 * The cabinet's pages that other packages link to by URL: the remotes to each other's pages, the
 * API in its notifications' links (it reads them through `shared/contract`). One place, so a link
 * and the page's route cannot part.
 */

/**
 * The lk page of one application (spec §2: /lk/application/detail/{id}), mf-applications' route,
 * which the other remotes link to by URL (the catalogue's application page, a conversation, the
 * cabinet's overview and balance history) and the lifecycle's notifications lead to.
 */
export const lkApplicationDetailPath = (id: number): string => `/lk/application/detail/${id}`;

/** mf-applications' form of a new application (spec §2: /lk/application/form): «Разместить заявку», «Создать заявку». */
export const NEW_APPLICATION_PATH = '/lk/application/form';

/** mf-messaging's page (its remotes.json mount), spec §2's `/lk/message`. */
export const MESSAGES_PATH = '/lk/message';

/** One conversation in `/lk/message` (its URL state): where a message notice leads. */
export const conversationPath = (messagingId: number): string => `${MESSAGES_PATH}?messagingId=${messagingId}`;

/**
 * «Написать»: `?applicationId=` opens (or starts) the conversation about an application with its
 * customer; with `profileId`, the customer's with that executor.
 */
export const writeToPath = (applicationId: number, profileId?: number): string =>
  `${MESSAGES_PATH}?${new URLSearchParams({ applicationId: String(applicationId), ...(profileId === undefined ? {} : { profileId: String(profileId) }) })}`;
