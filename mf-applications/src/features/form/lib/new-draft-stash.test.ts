import { readNewDraftStash, stashNewDraft } from './new-draft-stash';

const KEY = 'lk-application-form:new-draft';
const values = { name: 'Покраска фасада', services: [3] };

afterEach(() => sessionStorage.clear());

test('the values and the form key are taken back as they were stashed', () => {
  stashNewDraft({ values, clientKey: 'form-key-0001' });
  expect(readNewDraftStash()).toEqual({ values, clientKey: 'form-key-0001' });
});

test("a stash of the release before keys (the values alone) is taken back, the page making a new key, rather than lost with the deploy", () => {
  sessionStorage.setItem(KEY, JSON.stringify(values));
  expect(readNewDraftStash()).toEqual({ values });
});

test('anything else is no stash', () => {
  for (const raw of ['null', '"text"', '{"values":{"name":1}}', '{"name":"x"}', 'not json']) {
    sessionStorage.setItem(KEY, raw);
    expect(readNewDraftStash()).toBeNull();
  }
});
