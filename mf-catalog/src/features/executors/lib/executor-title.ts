import type { Executor } from 'shared';

/** The executor page's title: the server's head and the tab after a client navigation alike. */
export function executorTitle(executor: Executor): string {
  const city = executor.address?.value ?? '';
  return `${executor.name} — ${executor.type === 'organization' ? 'организация-исполнитель' : 'исполнитель'}${city ? `, ${city}` : ''}`;
}
