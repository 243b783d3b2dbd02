import { useState, type FormEvent } from 'react';
import { useFocusFirstInvalid } from 'shared';
import type { DetailRequest } from '../api/use-detail-action';
import { validateBody, type BodySchema, type FieldErrors } from '../lib/form';
import { useDialogAction } from './use-dialog-action';

/**
 * The submit of a dialog whose fields make a call's body (review, revision, stop, rejecting a
 * reply, price, feedback deadline). The body is checked against the call's schema first
 * (CONVENTIONS: forms reuse the call's schema): refused, each field gets its first message, the
 * focus goes to the first invalid one, and the server's alert goes too (it was about what was sent
 * before); accepted, the call is made as `useDialogAction` makes it.
 */
export function useCheckedDialog<T>(schema: BodySchema<T>, onClose: () => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const { submit, pending, alert, setAlert } = useDialogAction(onClose);
  const refused = useFocusFirstInvalid();

  const check = (event: FormEvent<HTMLFormElement>, body: unknown, request: (body: T) => DetailRequest) => {
    const checked = validateBody(schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) return submit(request(checked.body));
    setAlert(undefined);
    refused(event);
  };

  return { submit: check, errors, pending, alert };
}
