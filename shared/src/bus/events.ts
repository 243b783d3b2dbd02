export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Every event that crosses package boundaries (PLAN.md); the shell acts on most of them. */
export type AppEvents = {
  'toast:show': { type: ToastType; message: string; autoClose?: number };
  'auth:expired': { reason?: string };
  'auth:login-required': { redirectTo: string };
  'auth:logged-in': { userId: number };
  'auth:logged-out': Record<string, never>;
  'socket:status': { connected: boolean };
  /** `applicationId`: the application the socket notification concerns (an open lk page refetches it). */
  'notification:received': { message: string; applicationId?: number | null };
};

export type AppEventType = keyof AppEvents;
