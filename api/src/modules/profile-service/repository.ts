import type { Queryable } from '../../db';

/** The services a profile offers (profile_services); reading the list is serviceRepository's. */
export function profileServiceRepository(db: Queryable) {
  return {
    /** A service a profile can offer: a service proper, not a group heading. */
    async isOfferable(serviceId: number): Promise<boolean> {
      return (await db.query('select 1 from services where id = $1 and parent_id is not null', [serviceId])).length > 0;
    },

    /** Idempotent: a service the profile has already stays as it is. */
    async add(profileId: number, serviceId: number): Promise<void> {
      await db.query('insert into profile_services (profile_id, service_id) values ($1, $2) on conflict do nothing', [profileId, serviceId]);
    },

    async remove(profileId: number, serviceId: number): Promise<void> {
      await db.query('delete from profile_services where profile_id = $1 and service_id = $2', [profileId, serviceId]);
    },
  };
}
