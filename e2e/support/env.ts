// Ports of the stack the end-to-end run serves for itself, away from a running dev app (:3000, :8080).
export const API_PORT = Number(process.env.E2E_API_PORT ?? 18080);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 13000);

export const API_URL = `http://localhost:${API_PORT}`;
export const SHELL_URL = `http://localhost:${WEB_PORT}`;
export const REMOTE_URLS = {
  'mf-catalog': `http://localhost:${WEB_PORT + 1}`,
  'mf-applications': `http://localhost:${WEB_PORT + 2}`,
  'mf-cabinet': `http://localhost:${WEB_PORT + 3}`,
  'mf-messaging': `http://localhost:${WEB_PORT + 4}`,
} as const;
