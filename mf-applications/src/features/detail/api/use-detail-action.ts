import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  apiErrorText,
  applicationKeys,
  balanceKeys,
  bus,
  clearFormFailure,
  hasSession,
  isApiError,
  isStale,
  toastFormFailure,
  useOneAtATime,
  type ApplicationLkDetail,
  type ApplicationStatus,
  type Participation,
} from 'shared';
import { targetStatus } from 'shared/lk';
import { fetchApplicationDetail } from './get-application-detail';

/** A call's answer as the page reads it. */
export interface DetailResult {
  message?: string | undefined;
  /** The server's own notification of the outcome has reached the user (lib/await-notification): no toast of ours. */
  notified?: boolean;
}

/** One call made from the page: how to make it and what to say when the server says nothing. */
export interface DetailRequest {
  run: () => Promise<DetailResult>;
  /** The success toast when the answer has no `message`. */
  success: string;
  /** The error text when the failure has no server message. */
  errorFallback?: string;
  /**
   * What is refetched after its success; by default everything about applications and the balance
   * (`useRefreshApplications`). A delete forgets the application instead: its detail would answer 404.
   */
  refresh?: () => Promise<unknown>;
  /**
   * How to tell that the call was made although its answer was lost (ApiError `outcomeUnknown`): the
   * application, read again, satisfies `when`. It is then the success it was, not a failure a retry
   * would turn into a refusal («Действие недоступно в текущем статусе заявки»).
   */
  landed?: Landed | undefined;
}

/**
 * What the application read again shows when the call was made: a party's page satisfying `when`,
 * or, for a step that ends the caller's part (a reply withdrawn, the executor's cancel), the
 * public page with his part in it now (`participation`).
 */
export type Landed = { id: number; when: (fresh: ApplicationLkDetail) => boolean } | { id: number; part: Participation };

/** `landed` of a step that moves the status (`action` from the page's `status`): the application stands where it leads. */
export function movedBy(action: string, { id, status }: { id: number; status: ApplicationStatus }): Landed | undefined {
  const to = targetStatus(action, status);
  return to && to !== status ? { id, when: (fresh) => fresh.status === to } : undefined;
}

/**
 * The text for a failed call: the server's message; the spec §8 fallback when there is none. When
 * no server was reached at all the fallback says so too: «Ошибка подписи документа» alone read as a
 * fault of the document or the code, where every other dialog said «Сервер недоступен» (QA AAQ-5).
 */
export function failureText(error: unknown, fallback?: string): string {
  if (fallback && isApiError(error) && error.isNetworkError) return `${fallback}: ${lowerFirst(error.message)}`;
  if (fallback && !isApiError(error)) return fallback;
  return apiErrorText(error, fallback);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Refetches everything about applications: the open detail now, the lists when they are next shown;
 * and the balance, which a deal's step may move (a stop or a cancel refunds, a close releases).
 */
export function useRefreshApplications() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: applicationKeys.all }), queryClient.invalidateQueries({ queryKey: balanceKeys.all })]),
    [queryClient],
  );
}

export interface DetailActionOptions {
  /**
   * False in dialogs, which say other failures themselves (their alert, or a field): the error toast
   * of spec §7 is then silent (`toastFormFailure`). A stale page is always an announced toast.
   */
  toastErrors?: boolean;
  onSuccess?: () => void;
}

/**
 * Makes one call of the detail page: a success toast with the server's message (none when the
 * server's notification of it was shown instead), then the detail (and lists) refetched, or what
 * the request's `refresh` says; a stale page's refusal (409, 404, 403) shows the server's message
 * and refetches too. One call at a time (`useOneAtATime`): the second click of a double click
 * makes none. A call whose answer was lost but whose step the application shows made (`landed`) is
 * a success.
 */
export function useDetailAction({ toastErrors = true, onSuccess }: DetailActionOptions = {}) {
  const refresh = useRefreshApplications();
  const queryClient = useQueryClient();
  // Read again when the answer was lost; the cache takes the fresh detail, so the page shows it too.
  const hasLanded = async (landed: Landed) => {
    const view = await fetchApplicationDetail(queryClient, landed.id);
    if ('part' in landed) return !view.party && view.application.participation === landed.part;
    return view.party && landed.when(view.detail);
  };
  const mutation = useMutation<DetailResult, unknown, DetailRequest>({
    mutationFn: async (request) => {
      try {
        return await request.run();
      } catch (error) {
        if (request.landed && isApiError(error) && error.outcomeUnknown && (await hasLanded(request.landed).catch(() => false))) return {};
        throw error;
      }
    },
    onSuccess: ({ message, notified }, request) => {
      if (!notified) bus.emit('toast:show', { type: 'success', message: message || request.success });
      // The notification's toast says it instead of a success toast: a dialog's failure before is over.
      else clearFormFailure();
      onSuccess?.();
      return (request.refresh ?? refresh)();
    },
    onError: (error, { errorFallback }) => {
      // A session that could not be renewed has had its own toast, «Ошибка авторизации» (spec §4).
      if (isApiError(error) && error.status === 401 && !hasSession()) return;
      const stale = isStale(error);
      const message = failureText(error, errorFallback);
      if (stale || toastErrors) bus.emit('toast:show', { type: 'error', message });
      else toastFormFailure(message, error);
      if (stale) void refresh();
    },
  });
  return { ...mutation, mutate: useOneAtATime(mutation) };
}
