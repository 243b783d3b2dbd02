import { useSessionStore, type SessionUser } from 'shared';
import { clearNewDraftStash, readNewDraftStash, stashNewDraft } from './new-draft-stash';

const values = { name: 'Покраска фасада', services: [3] };
const UNBOUND_KEY = 'lk-application-form:new-draft';

function actAs(userId: number, profileId: number) {
  const store = useSessionStore.getState();
  store.setProfiles([{ id: profileId, type: 'customer', name: 'Анна', active: true }]);
  store.setUser({ id: userId, phone: '79990000001', name: 'Анна', email: null, activeProfileId: profileId } as SessionUser);
}
/** The key the stash of user 7's profile 12 is under. */
const KEY = 'user:mf-applications:new-draft:7:12';

beforeEach(() => actAs(7, 12));
afterEach(() => {
  sessionStorage.clear();
  useSessionStore.getState().clear();
});

test('the values and the form key are taken back as they were stashed', () => {
  stashNewDraft({ values, clientKey: 'form-key-0001' });
  expect(readNewDraftStash()).toEqual({ values, clientKey: 'form-key-0001' });
  clearNewDraftStash();
  expect(readNewDraftStash()).toBeNull();
});

test("a stash of the release before form keys (the values alone) is taken back, the page making a new key, rather than lost with the deploy", () => {
  sessionStorage.setItem(KEY, JSON.stringify(values));
  expect(readNewDraftStash()).toEqual({ values });
});

test('anything else is no stash', () => {
  for (const raw of ['null', '"text"', '{"values":{"name":1}}', '{"name":"x"}', 'not json']) {
    sessionStorage.setItem(KEY, raw);
    expect(readNewDraftStash()).toBeNull();
  }
});

test('one user’s unsaved application is not another’s: the logout forgets it, and another user or profile does not find it (QA P-3)', () => {
  stashNewDraft({ values: { ...values, name: 'Код домофона 15В' }, clientKey: 'form-key-anna' });
  // Another profile of the same user, then another user at this tab: nothing.
  actAs(7, 13);
  expect(readNewDraftStash()).toBeNull();
  actAs(8, 20);
  expect(readNewDraftStash()).toBeNull();
  // Back as Анна, it is hers; her logout takes it away.
  actAs(7, 12);
  expect(readNewDraftStash()?.clientKey).toBe('form-key-anna');
  useSessionStore.getState().clear();
  actAs(7, 12);
  expect(readNewDraftStash()).toBeNull();
});

test('a stash kept where releases before kept it, bound to no user, is never taken back but forgotten', () => {
  sessionStorage.setItem(UNBOUND_KEY, JSON.stringify({ values, clientKey: 'whose' }));
  expect(readNewDraftStash()).toBeNull();
  expect(sessionStorage.getItem(UNBOUND_KEY)).toBeNull();
});

test('without a user or a profile nothing is kept', () => {
  useSessionStore.getState().clear();
  stashNewDraft({ values });
  expect(sessionStorage.length).toBe(0);
  expect(readNewDraftStash()).toBeNull();
});
