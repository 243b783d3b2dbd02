import type { Message, MessageReadEvent } from '../contract/messaging';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Every event that crosses package boundaries (PLAN.md); the shell acts on most of them. */
export type AppEvents = {
  /**
   * `silent`: the page says these words itself, where they belong (a form's own alert, a field): the
   * toast shows them and is not announced a second time. It is the form's failure: one at a time (the
   * next failure takes its place), gone once the form succeeds or its page does (`toast:form-failure-over`).
   */
  'toast:show': { type: ToastType; message: string; autoClose?: number; silent?: boolean };
  /** The form whose failure a silent toast shows has succeeded with no toast of its own (`clearFormFailure`): the toast goes. */
  'toast:form-failure-over': Record<string, never>;
  'auth:expired': { reason?: string };
  'auth:login-required': { redirectTo: string };
  'auth:logged-in': { userId: number };
  'auth:logged-out': Record<string, never>;
  'socket:status': { connected: boolean };
  /**
   * A write was refused as sent for a profile no longer active (409 `profile_changed`: switched in
   * another tab or on another device, this tab not told yet): the shell reads the profiles again.
   */
  'session:profile-changed': Record<string, never>;
  /** `applicationId`: the application the socket notification concerns (an open lk page refetches it). */
  'notification:received': { message: string; applicationId?: number | null };
  /** Socket `message` (ARCHITECTURE §8 "Messaging"), validated by the shell: a new message for one of the user's profiles. */
  'message:received': { message: Message };
  /** Socket `message:read`: the other party read the conversation. */
  'message:read': MessageReadEvent;
};

export type AppEventType = keyof AppEvents;
