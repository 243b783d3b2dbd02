import { useEffect } from 'react';
import { ApiError, SERVER_ERROR_FIELD, type FormErrorTarget } from 'shared';

/**
 * The server's word that a flow's earlier confirmation is gone by the time its last step is sent:
 * registration's confirmed phone (`phone_not_verified`, at `phone`) or recovery's code
 * (`code_expired` and the like, at `code`). That step does not show the field, so the user cannot
 * fix it there: the flow goes back to the step that can, with this text. Null for anything else.
 */
export function lapsedConfirmation(error: unknown, field: 'phone' | 'code'): string | null {
  return error instanceof ApiError ? (error.errors?.[field] ?? null) : null;
}

/** A step the flow came back to: the reason stands as the form's own error until the next send. */
export function useLapsedAlert(form: FormErrorTarget, lapsed: string | undefined): void {
  useEffect(() => {
    if (lapsed) form.setError(SERVER_ERROR_FIELD, { type: 'server', message: lapsed });
    // Once, as the step opens: a later send replaces it with its own outcome.
  }, []);
}
