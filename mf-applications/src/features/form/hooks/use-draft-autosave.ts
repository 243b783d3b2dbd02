import { useCallback, useEffect, useRef } from 'react';
import type { UseFormGetValues, UseFormWatch } from 'react-hook-form';
import { bus, isApiError, type Application } from 'shared';
import { DRAFT_ERROR_MESSAGE, useSaveDraft } from '../api/save-draft';
import { draftBodyOf, type ApplicationFormValues } from '../lib/form-values';

export { DRAFT_ERROR_MESSAGE };
/** Spec §9: the draft-saved toast stays 1500 ms. */
export const DRAFT_SAVED_MESSAGE = 'Черновик сохранён';
export const DRAFT_SAVED_TOAST_MS = 1500;
/** A pause in typing this long saves the draft. */
export const AUTOSAVE_DELAY_MS = 1200;

export interface DraftAutosave {
  /**
   * Stops saving (the draft is being published or deleted): a pending pause is dropped, a save
   * in flight is waited for. Resolves to the draft's id, null when it was never saved.
   */
  finish(): Promise<number | null>;
  /** Saving again, after a publication that failed. */
  resume(): void;
  /** Saves at once («Сохранить черновик»), without waiting for a pause. */
  saveNow(): Promise<void>;
}

/**
 * Saves the draft by `application/draft/upsert` after each pause in editing. Saves run one at a
 * time (the first one creates the draft: two at once would create two), and a save that would
 * send what was sent last is skipped.
 */
export function useDraftAutosave(
  form: { getValues: UseFormGetValues<ApplicationFormValues>; watch: UseFormWatch<ApplicationFormValues> },
  { enabled, draftId, onSaved }: { enabled: boolean; draftId: number | null; onSaved: (draft: Application) => void },
): DraftAutosave {
  const { mutateAsync } = useSaveDraft();
  const id = useRef(draftId);
  const lastSent = useRef<string | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(!enabled);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const saveOnce = useCallback(async () => {
    const body = draftBodyOf(form.getValues(), id.current);
    const key = JSON.stringify(body);
    if (!body || key === lastSent.current) return;
    try {
      const { data } = await mutateAsync(body);
      id.current = data.id;
      lastSent.current = JSON.stringify({ ...body, id: data.id });
      saved.current(data);
      bus.emit('toast:show', { type: 'success', message: DRAFT_SAVED_MESSAGE, autoClose: DRAFT_SAVED_TOAST_MS });
    } catch (error) {
      const message = isApiError(error) && !error.isNetworkError ? error.message : DRAFT_ERROR_MESSAGE;
      bus.emit('toast:show', { type: 'error', message });
    }
  }, [form, mutateAsync]);

  const save = useCallback(async (): Promise<void> => {
    while (running.current) await running.current;
    if (stopped.current) return;
    running.current = saveOnce().finally(() => {
      running.current = null;
    });
    await running.current;
  }, [saveOnce]);

  useEffect(() => {
    stopped.current = !enabled;
    if (!enabled) return;
    const subscription = form.watch((_values, { type }) => {
      // Only the user's edits: a reset or a programmatic value is not a reason to save.
      if (type !== 'change') return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, form, save]);

  const finish = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    while (running.current) await running.current;
    return id.current;
  }, []);

  const resume = useCallback(() => {
    stopped.current = !enabled;
  }, [enabled]);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    await save();
  }, [save]);

  return { finish, resume, saveNow };
}
