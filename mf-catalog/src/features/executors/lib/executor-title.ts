import type { Executor } from 'shared';
import { cityOfAddress } from '../../../lib/city-name';
import { entityTitle } from '../../../lib/entity-title';

/**
 * The executor page's title: the server's head and the tab after a client navigation alike. It
 * names the city: an organisation's address is its legal one, street and house, of which only the
 * settlement is taken; a person's is the city he chose (kept as it is when it names no settlement).
 */
export function executorTitle(executor: Executor): string {
  const value = executor.address?.value;
  const city = cityOfAddress(value) ?? (executor.type === 'organization' ? '' : (value ?? ''));
  return entityTitle(executor.name, `${executor.type === 'organization' ? 'организация-исполнитель' : 'исполнитель'}${city ? `, ${city}` : ''}`);
}
