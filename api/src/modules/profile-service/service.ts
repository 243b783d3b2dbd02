import { PROFILE_SERVICE_MESSAGES } from 'shared/contract';
import type { Queryable } from '../../db';
import { isStorableId } from '../../db/sql';
import { AppError } from '../../http/errors';
import type { Caller } from '../../policy/caller';
import { activeProfile, type ActiveProfile } from '../../policy/cabinet';
import { serviceRepository } from '../service/repository';
import { profileServiceRepository } from './repository';

/**
 * The services the active profile offers (ARCHITECTURE §8 "Cabinet"): an executor's or an
 * organisation's (its director and employees alike); a customer profile offers none (403).
 * Both calls answer the updated list.
 */
export function profileServicesService({ db }: { db: Queryable }) {
  const repo = profileServiceRepository(db);
  const services = serviceRepository(db);

  function offering(caller: Caller): ActiveProfile {
    const profile = activeProfile(caller);
    if (profile.type === 'customer') throw new AppError(403, 'forbidden', PROFILE_SERVICE_MESSAGES.customer);
    return profile;
  }

  const listOf = async (profileId: number) => ({ items: await services.listByProfile(profileId) });

  return {
    async add(caller: Caller, serviceId: number) {
      const profile = offering(caller);
      if (!isStorableId(serviceId) || !(await repo.isOfferable(serviceId))) {
        throw new AppError(422, 'validation', PROFILE_SERVICE_MESSAGES.unknown, { serviceId: PROFILE_SERVICE_MESSAGES.unknown });
      }
      await repo.add(profile.id, serviceId);
      return { data: await listOf(profile.id), message: PROFILE_SERVICE_MESSAGES.added };
    },

    /** Removing a service the profile does not offer changes nothing and answers the list. */
    async remove(caller: Caller, serviceId: number) {
      const profile = offering(caller);
      if (isStorableId(serviceId)) await repo.remove(profile.id, serviceId);
      return { data: await listOf(profile.id), message: PROFILE_SERVICE_MESSAGES.removed };
    },
  };
}
