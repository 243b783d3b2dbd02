import remotes from '../../remotes.json';

// Ports of the stack the end-to-end run serves for itself, away from a running dev app (:3000, :8080).
export const API_PORT = Number(process.env.E2E_API_PORT ?? 18080);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 13000);

export const API_URL = `http://localhost:${API_PORT}`;
export const SHELL_URL = `http://localhost:${WEB_PORT}`;
/** Each remote of the one list (remotes.json) on the port `scripts/run.mjs serve` gives it: the shell's + 1, + 2, … */
export const REMOTE_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  remotes.map((remote, i) => [remote.package, `http://localhost:${WEB_PORT + 1 + i}`]),
);

/** A remote's URL by package name; an unknown name is a typo in a spec, not a missing remote. */
export function remoteUrl(pkg: string): string {
  const url = REMOTE_URLS[pkg];
  if (!url) throw new Error(`${pkg} is not in remotes.json`);
  return url;
}

/** The operator's phone the app under test is configured with (OPERATOR_PHONE: /contacts shows it). */
export const OPERATOR_PHONE = '+7 (800) 555-35-35';
