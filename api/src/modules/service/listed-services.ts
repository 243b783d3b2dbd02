import type { Queryable } from '../../db';
import { storableIds } from '../../db/sql';
import { serviceRepository } from './repository';

/**
 * The services a catalogue list's `services` filter stands for: a group's id its services too
 * (`withGroupServices`); ids beyond PostgreSQL's integer, or naming nothing, dropped (an empty list
 * then: the caller answers an empty page, not an unfiltered one). Undefined with no filter.
 */
export async function listedServices(db: Queryable, ids: readonly number[] | undefined): Promise<number[] | undefined> {
  const storable = storableIds(ids);
  if (!storable?.length) return storable;
  return serviceRepository(db).withGroupServices(storable);
}
