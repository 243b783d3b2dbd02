import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { applicationKeys, bus, isApiError, isStale, useFocusNextPage } from 'shared';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import { getApplicationQueryOptions } from '../api/get-application';
import { editPlanOf } from '../lib/edit-mode';
import type { FormOwner } from './use-form-owner';
import type { FormMode } from './use-publish';

export const FORM_STALE_MESSAGE = 'Заявка изменилась, пока была открыта эта форма, и сохранить форму уже нельзя. Открываем заявку в её текущем состоянии';
export const FORM_GONE_MESSAGE = 'Заявка уже удалена';

/**
 * Applications a refused save is leaving (said by its toast): when the form's own page then finds
 * the application moved on (the same answer, read by the hook), it leaves without saying it again.
 */
const leavingSaid = new Map<number, number>();
const SAID_FOR_MS = 5000;

/** Whether a refused save of application `id` has just said why the form is left (and forget it). */
export function leaveAlreadySaid(id: number): boolean {
  const at = leavingSaid.get(id);
  leavingSaid.delete(id);
  return at !== undefined && Date.now() - at < SAID_FOR_MS;
}

/**
 * What became of a refusal: the form `left` for where the application is now; it stays because
 * the application is another profile's than the active one (`foreign`: the form says whose, see
 * use-form-owner); or false, the refusal is about the form itself.
 */
export type StaleOutcome = 'left' | 'foreign' | false;

/**
 * After the server refused a save, publication or delete of the form's application: asks where the
 * application is now. When the form no longer fits it (a draft published, an executor named, or it
 * deleted, in another tab), says so and leaves for the page it is at: its detail, or the list when
 * it is gone. A refusal of who may act (403, or a 404 of what is not the caller's to read) after the
 * active profile changed is neither: the application is the other profile's, and the form stays
 * with what is typed. Otherwise the refusal is about the form itself and stays on it.
 */
export function useLeaveStaleForm(kind: FormMode['kind'], checkOwner?: FormOwner['checkNow']) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The control that was pressed goes with the form.
  const focusNextPage = useFocusNextPage();
  return useCallback(
    async (id: number | null, error: unknown): Promise<StaleOutcome> => {
      if (id === null || !isStale(error)) return false;
      const refusedWho = isApiError(error) && (error.status === 403 || error.status === 404);
      if (refusedWho && checkOwner && (await checkOwner())) return 'foreign';
      let leaveTo: string;
      try {
        const view = await queryClient.fetchQuery({ ...getApplicationQueryOptions(id), staleTime: 0, retry: false });
        if (editPlanOf(view)?.mode.kind === kind) return false;
        leaveTo = lkApplicationPaths.detail(id);
      } catch (caught) {
        if (!isApiError(caught) || caught.status !== 404) return false;
        leaveTo = lkApplicationPaths.list;
      }
      const gone = leaveTo === lkApplicationPaths.list;
      leavingSaid.set(id, Date.now());
      bus.emit('toast:show', { type: 'error', message: gone ? FORM_GONE_MESSAGE : FORM_STALE_MESSAGE });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
      focusNextPage();
      navigate(leaveTo, { replace: true });
      return 'left';
    },
    [queryClient, navigate, kind, focusNextPage, checkOwner],
  );
}
