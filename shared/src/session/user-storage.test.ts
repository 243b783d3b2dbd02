import { useSessionStore } from './session-store';
import { forgetUserStorage, USER_STORAGE_PREFIX } from './user-storage';

beforeEach(() => sessionStorage.clear());

describe('what a tab keeps of the user’s own work', () => {
  it('is forgotten when the session ends; what belongs to nobody stays', () => {
    sessionStorage.setItem(`${USER_STORAGE_PREFIX}mf-messaging:draft:5:12:m7`, '{"text":"Номер карты"}');
    sessionStorage.setItem(`${USER_STORAGE_PREFIX}другое`, 'x');
    sessionStorage.setItem('scroll-positions', '{}');
    useSessionStore.getState().setTokens('access', 'refresh');

    useSessionStore.getState().clear();

    expect(Object.keys(sessionStorage)).toEqual(['scroll-positions']);
  });

  it('leaves a storage it cannot read alone', () => {
    const broken = { get length(): number { throw new Error('SecurityError'); } } as unknown as Storage;
    expect(() => forgetUserStorage(broken)).not.toThrow();
  });
});
