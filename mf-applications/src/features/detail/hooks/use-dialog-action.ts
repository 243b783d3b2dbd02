import { isStale } from 'shared';
import { useState } from 'react';
import { failureText, useDetailAction, type DetailRequest } from '../api/use-detail-action';

/**
 * A dialog's submit: closes on success (toast and refetch by useDetailAction), closes on a stale
 * page (409/404/403: toast and refetch), and keeps any other failure in the dialog as its alert —
 * unless `atField` puts it on a field of the dialog (answering true), where it is said instead —
 * with useDetailAction's silent error toast beside it (spec §7).
 */
export function useDialogAction(onClose: () => void, onDone: () => void = onClose) {
  const action = useDetailAction({ toastErrors: false, onSuccess: onDone });
  const [alert, setAlert] = useState<string>();
  const submit = (request: DetailRequest, atField?: (error: unknown) => boolean) => {
    setAlert(undefined);
    action.mutate(request, {
      onError: (error) => {
        if (isStale(error)) return onClose();
        if (atField?.(error)) return;
        setAlert(failureText(error, request.errorFallback));
      },
    });
  };
  return { submit, pending: action.isPending, alert, setAlert };
}
