import { guardRedirect, loginRedirect } from './guards';

const guest = { isAuthenticated: false, hasActiveProfile: undefined };
const noProfile = { isAuthenticated: true, hasActiveProfile: false };
const ready = { isAuthenticated: true, hasActiveProfile: true };

describe('guardRedirect', () => {
  it('sends a guest to the login dialog with the requested path as redirect', () => {
    expect(guardRedirect(['auth'], guest, '/lk/money?x=1')).toBe('/?auth=login&redirect=%2Flk%2Fmoney%3Fx%3D1');
    expect(loginRedirect('/lk')).toBe('/?auth=login&redirect=%2Flk');
  });

  it('checks auth before profile', () => {
    expect(guardRedirect(['auth', 'profile'], guest, '/lk/money')).toBe(loginRedirect('/lk/money'));
  });

  it('sends a user without an active profile to /lk/profile, to come back once one is chosen', () => {
    expect(guardRedirect(['auth', 'profile'], noProfile, '/lk/money?page=2')).toBe('/lk/profile?redirect=%2Flk%2Fmoney%3Fpage%3D2');
  });

  it('lets through when every guard passes or there are none', () => {
    expect(guardRedirect(['auth', 'profile'], ready, '/lk/money')).toBeNull();
    expect(guardRedirect(['auth'], noProfile, '/lk/profile')).toBeNull();
    expect(guardRedirect(undefined, guest, '/about')).toBeNull();
    expect(guardRedirect([], guest, '/')).toBeNull();
  });

  it('lets a logged-in user through the profile guard while the profile is unknown', () => {
    expect(guardRedirect(['auth', 'profile'], { isAuthenticated: true, hasActiveProfile: undefined }, '/lk/money')).toBeNull();
  });
});
