import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { membershipChanged, userChanged } from '../../plugins/socket';

/** What the organisation services ask of the socket server: room changes and events. */
export type OrganizationIo = Pick<Server, 'in' | 'to'>;

/**
 * What these users see of their profiles changed after a commit: an organisation of theirs was
 * renamed or edited, a position changed, or their memberships and with them, maybe, their active
 * profile. Every tab and device of each is told (USER_CHANGED_EVENT, as a profile switch tells
 * them) and loads his profiles again: a tab must never go on acting as a profile the server no
 * longer takes for his active one. Best effort: a failed emit is logged, never fails the call.
 */
export function profilesChanged(io: OrganizationIo | undefined, userIds: Iterable<number>, log?: FastifyBaseLogger): void {
  for (const userId of new Set(userIds)) userChanged(io, userId, log);
}

/**
 * A user's membership of organisation `organizationId` begins (`member`) or ends after a commit: he
 * created or joined it, left it, was removed, or it was deleted. The server may have switched his
 * active profile with it (a new organisation is made active, a lost one falls back to one of his
 * own). His sockets join or leave the organisation's room, and all of them are told to load his
 * profiles again. The one way the organisation services report a membership change.
 */
export function membershipOfUserChanged(io: OrganizationIo | undefined, userId: number, organizationId: number, member: boolean, log?: FastifyBaseLogger): void {
  membershipChanged(io, userId, organizationId, member, log);
  profilesChanged(io, [userId], log);
}
