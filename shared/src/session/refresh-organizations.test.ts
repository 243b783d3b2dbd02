import { QueryObserver } from '@tanstack/react-query';
import { organizationKeys } from '../query/query-keys';
import { createTestQueryClient, ok, serveApi, setTestRuntimeConfig } from '../testing';
import { refreshOrganizations } from './refresh-organizations';
import { useSessionStore } from './session-store';

const PERSON = { id: 12, type: 'executor' as const, name: 'Пётр Сидоров', active: true };
const ORGANIZATION = { id: 9, type: 'organization' as const, name: 'ООО «Ромашка»', active: false };
const USER = { id: 1, phone: '79991234567', name: 'Пётр Сидоров', email: null, activeProfileId: 12 };

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
});
afterEach(() => useSessionStore.getState().clear());

/** A screen watching an organisation's profile (the organisation page of its director). */
function watchOrganization(queryClient: ReturnType<typeof createTestQueryClient>, id: number) {
  const asked: number[] = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: organizationKeys.profile(id),
    queryFn: () => {
      asked.push(id);
      return { id };
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { asked, stop };
}

describe('refreshOrganizations', () => {
  it('asks again for the organisations still the user’s, not for one that is gone (deleted, left): it would answer 403', async () => {
    const queryClient = createTestQueryClient();
    const gone = watchOrganization(queryClient, 9);
    const kept = watchOrganization(queryClient, 15);
    await new Promise((resolve) => setTimeout(resolve, 0));
    gone.asked.length = 0;
    kept.asked.length = 0;
    serveApi({
      'GET user/profile/list': () => ok({ items: [PERSON, { ...ORGANIZATION, id: 15 }] }),
      'GET user/get/token': () => ok(USER),
    });

    await refreshOrganizations(queryClient);

    expect(kept.asked).toEqual([15]);
    expect(gone.asked).toEqual([]);
    expect(useSessionStore.getState().profiles.map((p) => p.id)).toEqual([12, 15]);
    gone.stop();
    kept.stop();
  });
});
