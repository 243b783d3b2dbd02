import { useState } from 'react';
import { isStale } from '../../../lib/stale-refusal';
import { failureText, useDetailAction, type DetailRequest } from '../api/use-detail-action';

/**
 * A dialog's submit: closes on success (toast and refetch by useDetailAction), closes on a stale
 * page (409/404/403: toast and refetch), and keeps any other failure in the dialog as its alert.
 */
export function useDialogAction(onClose: () => void, onDone: () => void = onClose) {
  const action = useDetailAction({ toastErrors: false, onSuccess: onDone });
  const [alert, setAlert] = useState<string>();
  const submit = (request: DetailRequest) => {
    setAlert(undefined);
    action.mutate(request, {
      onError: (error) => (isStale(error) ? onClose() : setAlert(failureText(error, request.errorFallback))),
    });
  };
  return { submit, pending: action.isPending, alert, setAlert };
}
