import type { Server } from 'socket.io';
import { PROFILE_SAVED_MESSAGE, profileSwitchedMessage, type CallBody, type userProfileUpdate } from 'shared/contract';
import type { Db } from '../../db';
import { onePage } from '../../db/list-page';
import { AppError, notFound } from '../../http/errors';
import { joinUserRooms } from '../../plugins/socket';
import { CABINET_MESSAGES, ORGANIZATION_POLICY_MESSAGES } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { serviceRepository } from '../service/repository';
import { balancesRepository } from './balances-repository';
import { profilesRepository, type OwnedProfile } from './profiles-repository';
import { usersRepository } from './users-repository';

export const PROFILE_FORBIDDEN_MESSAGE = 'Профиль принадлежит другому пользователю';
export const PROFILE_NOT_FOUND_MESSAGE = 'Профиль не найден';
export const USER_NOT_FOUND_MESSAGE = 'Пользователь не найден';
export const SOCKET_NOT_FOUND_MESSAGE = 'Сокет не найден';

type ProfileUpdate = Omit<CallBody<typeof userProfileUpdate>, 'name'> & { name?: string };

export interface UserServiceDeps {
  db: Db;
  /** Socket lookup for binding a tab to its user (every node once the Redis adapter is on). */
  io: Pick<Server, 'in'>;
}

const publicProfile = ({ userId: _owner, ...profile }: OwnedProfile) => profile;

export function userService({ db, io }: UserServiceDeps) {
  const users = usersRepository(db);
  const profiles = profilesRepository(db);
  const services = serviceRepository(db);

  async function currentUser(userId: number) {
    const user = await users.findSessionUser(userId);
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    return user;
  }

  return {
    currentUser,

    async listProfiles(userId: number) {
      return onePage((await profiles.listProfiles(userId)).map(publicProfile));
    },

    /** Creates or picks the profile, writes its fields and makes it active, all or nothing. */
    async updateProfile(userId: number, input: ProfileUpdate) {
      return db.transaction(async (tx) => {
        const txUsers = usersRepository(tx);
        const txProfiles = profilesRepository(tx);
        // Locking the user serialises two concurrent creates of the same profile type.
        const user = await txUsers.findSessionUser(userId, { lock: true });
        if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
        let profileId: number;
        let created = false;
        if (input.id !== undefined) {
          // Personal profiles are their owner's; an organisation is open to its members, its fields to its director.
          const profile = await txProfiles.findProfile(input.id, userId);
          if (!profile) {
            const type = await txProfiles.profileType(input.id);
            if (type === undefined) throw notFound(PROFILE_NOT_FOUND_MESSAGE);
            // An organisation has no single owner: one that is not the caller's is one he is not (or no longer) a member of.
            throw new AppError(403, 'forbidden', type === 'organization' ? ORGANIZATION_POLICY_MESSAGES.notMember : PROFILE_FORBIDDEN_MESSAGE);
          }
          const changesFields = input.name !== undefined || input.description !== undefined || input.address !== undefined;
          if (profile.role === 'employee' && changesFields) throw new AppError(403, 'forbidden', CABINET_MESSAGES.directorOnly);
          if (input.type !== undefined && input.type !== profile.type) {
            throw new AppError(422, 'validation', 'Тип не совпадает с выбранным профилем', { type: 'Тип не совпадает с выбранным профилем' });
          }
          profileId = profile.id;
        } else {
          const type = input.type!;
          const existing = await txProfiles.findPersonalProfileId(userId, type);
          created = existing === undefined;
          profileId = existing ?? (await txProfiles.insertProfile(userId, type, input.name ?? user.name));
        }
        await txProfiles.updateProfile(profileId, { name: input.name, description: input.description, address: input.address });
        await txUsers.setActiveProfile(userId, profileId);
        const profile = await txProfiles.findProfile(profileId, userId);
        const updated = await txUsers.findSessionUser(userId);
        const changed = created || input.name !== undefined || input.description !== undefined || input.address !== undefined;
        const result = { profile: publicProfile(profile!), user: updated! };
        // A switch alone is answered with the profile now active, not with «Профиль сохранён».
        return { result, message: changed ? PROFILE_SAVED_MESSAGE : profileSwitchedMessage(result.profile) };
      });
    },

    /** The active profile's balance; none (zero) until the caller acts as a profile he may act as. */
    async balance(caller: Caller) {
      const profileId = caller.profile?.id ?? null;
      const amount = profileId === null ? 0 : await balancesRepository(db).amount(profileId);
      return { profileId, amount, currency: 'RUB' as const };
    },

    /** The services the active profile offers, by the same rule as `balance`. */
    async profileServices(caller: Caller) {
      return onePage(caller.profile ? await services.listByProfile(caller.profile.id) : []);
    },

    /**
     * Puts the socket into the caller's room and his profiles' rooms (and out of any other user's:
     * the same tab after a re-login; joinUserRooms). `in(id)` is a room lookup; only the socket whose own id it is may be bound, never
     * a room like `user:5`. And only a socket whose handshake authenticated this very user: a
     * guest's or another user's socket id answers as unknown, so a stolen id neither binds nor
     * tells that it exists.
     */
    async bindSocket(userId: number, socketId: string): Promise<void> {
      const sockets = (await io.in(socketId).fetchSockets()).filter((s) => s.id === socketId && s.data.userId === userId);
      if (sockets.length === 0) throw notFound(SOCKET_NOT_FOUND_MESSAGE);
      for (const socket of sockets) await joinUserRooms(db, socket, userId);
    },
  };
}
