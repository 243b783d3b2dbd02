import { useState, type FormEvent } from 'react';
import { apiErrorText, apiFieldErrors, useFieldRefusal, useFocusFirstInvalid } from 'shared';
import type { DetailRequest } from '../api/use-detail-action';
import { validateBody, type BodySchema, type FieldErrors } from '../lib/form';
import { useDialogAction } from './use-dialog-action';

/**
 * The submit of a dialog whose fields make a call's body (review, revision, stop, rejecting a
 * reply, price, feedback deadline). The body is checked against the call's schema first
 * (CONVENTIONS: forms reuse the call's schema): refused, each field gets its first message, the
 * focus goes to the first invalid one, and the server's alert goes too (it was about what was sent
 * before); accepted, the call is made as `useDialogAction` makes it. A refusal of the server's that
 * names a field of the body («Срок приёма откликов не может быть раньше сегодняшнего дня») is said
 * at that field, marked invalid and focused, as the dialog's own check says it; its message goes
 * to the alert only when it says something else. Sent with Enter from the first invalid field, the
 * focus is there already and reads nothing: its message is said by the status line (`said`, a
 * `FieldRefusalStatus` in the dialog, whose fields are named by the body's keys).
 */
export function useCheckedDialog<T>(schema: BodySchema<T>, onClose: () => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const { submit, pending, alert, setAlert } = useDialogAction(onClose);
  const refused = useFocusFirstInvalid();
  const refusal = useFieldRefusal();

  const check = (event: FormEvent<HTMLFormElement>, body: unknown, request: (body: T) => DetailRequest) => {
    const checked = validateBody(schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) {
      const form = event.currentTarget;
      const fields = Object.keys(body as object).filter((field) => field !== 'id');
      return submit(request(checked.body), (error) => {
        const atFields = apiFieldErrors(error, fields);
        if (Object.keys(atFields).length === 0) return false;
        refusal.refuse(atFields);
        setErrors(atFields);
        const message = apiErrorText(error, '');
        if (message && !Object.values(atFields).includes(message)) setAlert(message);
        refused(form);
        return true;
      });
    }
    setAlert(undefined);
    refusal.refuse(checked.errors);
    refused(event);
  };

  /** A field changed (FormDialog's `onFieldChange`): its message of the last refusal goes, the others stay (QA SSS-3). */
  const fieldChanged = (name: string) => {
    if (name in errors) setErrors(({ [name]: _changed, ...rest }) => rest);
  };

  return { submit: check, fieldChanged, errors, pending, alert, said: refusal.said };
}
