import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { bus, isApiError, type AppEvents, type Application } from 'shared';
import { deepEqual } from '../../../lib/deep-equal';
import { DRAFT_ERROR_MESSAGE, useSaveDraft, type DraftBody } from '../api/save-draft';
import { canLeaveOut, fieldsJudgedWith, refusedFieldsOf, rememberRefusals, standingRefusals, type DraftRefusals } from '../lib/draft-refusals';
import { draftBodyOf, draftChanges, FORM_FIELDS, heldAfter, heldFields, type ApplicationFormValues, type FormField } from '../lib/form-values';
import { clearNewDraftStash, stashNewDraft } from '../lib/new-draft-stash';
import { useFlushOnLeave } from './use-flush-on-leave';
import type { StaleOutcome } from './use-leave-stale-form';
import { draftFailureOf, useSaveRetry, type DraftFailure } from './use-save-retry';

export { DRAFT_ERROR_MESSAGE };
/** Spec §8's words, and what happens next: back online, one save takes the edits (below). */
export const DRAFT_OFFLINE_MESSAGE = `${DRAFT_ERROR_MESSAGE}: нет связи. Он сохранится, когда связь появится`;
/** The form's own line while a save has failed (draft-save-state), and the start of a failure said once the form is gone. */
export const DRAFT_NOT_SAVED_MESSAGE = 'Черновик не сохранён';
/** Spec §9: the draft-saved toast stays 1500 ms. */
export const DRAFT_SAVED_MESSAGE = 'Черновик сохранён';
export const DRAFT_SAVED_TOAST_MS = 1500;
/** The valid fields were saved; those the server refused say why at the field. */
export const DRAFT_PARTLY_SAVED_MESSAGE = 'Черновик сохранён, кроме полей с ошибками';
/** An address typed and not chosen is not saved (the draft keeps the one chosen before, or none): said, not «сохранён». */
export const DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE = 'Черновик сохранён без введённого адреса: выберите адрес из подсказок';
export const DRAFT_PARTLY_SAVED_WITHOUT_ADDRESS_MESSAGE = 'Черновик сохранён, кроме полей с ошибками и введённого адреса: выберите адрес из подсказок';
/**
 * A pause's save that took everything says so once in this long: on a phone the toast covers the
 * field being typed into, at every pause. A save asked for, or one that left something out, always speaks.
 */
export const DRAFT_SAVED_QUIET_MS = 60_000;
/** A pause in typing this long saves the draft. */
export const AUTOSAVE_DELAY_MS = 1200;
/** The error type of a field the server refused in a draft save (cleared once the field changes). */
export const DRAFT_REFUSED_ERROR = 'draft-refused';

export interface DraftAutosave {
  /**
   * Stops saving (the draft is being published or deleted): a pending pause is dropped, a save
   * in flight is waited for. Resolves to the draft's id, null when it was never saved.
   */
  finish(): Promise<number | null>;
  /** Saving again, after a publication that failed. */
  resume(): void;
  /**
   * What waits for the pause is saved at once, in a request that outlives the page (a save under way
   * is waited for): before a logout or a profile switch in this tab (the form's leave guard `flush`).
   * Resolves false when edits are still unsaved after it (the save failed, or waits for the draft's profile).
   */
  flush(): Promise<boolean>;
  /**
   * Saves at once, without waiting for a pause. `pressed`: the user asked («Сохранить черновик»),
   * so a draft with nothing new to send says it is saved rather than nothing.
   */
  saveNow(pressed?: boolean): Promise<void>;
  /** Puts the server's standing refusals back on their fields after a submit the form itself refused. */
  showStandingRefusals(): void;
  /**
   * The body that brings the saved draft to the form's values before publishing it: the fields this
   * form changed since it last saved or loaded them (null: none), not its copy of the others.
   */
  draftBody(): DraftBody | null;
  /** A new form's key (`clientKey` of the options), which its publication carries too; undefined for a loaded draft. */
  clientKey: string | undefined;
  /** Edits wait, unsaved, for the draft's profile to be the active one again (`paused`). */
  waiting: boolean;
  /** The draft's profile is active again: what waited is saved at once. */
  release(): void;
  /** A save failed and none has succeeded since (the form says so, use-save-retry tries again); null otherwise. */
  failure: DraftFailure | null;
}

/**
 * The visitor is choosing from a list of suggestions (the address's): an autosave of the edits
 * before it keeps quiet about the address not chosen yet, rather than cover the list with a warning
 * about the choice being made. Leaving, «Сохранить черновик» and the field itself still say it.
 */
const choosingFromSuggestions = () => document.activeElement?.getAttribute('role') === 'combobox';

/** What a finished save says: «сохранён» only when it took every field as the form shows it. */
function savedToast(partly: boolean, addressUnchosen: boolean): AppEvents['toast:show'] {
  if (addressUnchosen) return { type: 'warning', message: partly ? DRAFT_PARTLY_SAVED_WITHOUT_ADDRESS_MESSAGE : DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE };
  return partly ? { type: 'warning', message: DRAFT_PARTLY_SAVED_MESSAGE } : { type: 'success', message: DRAFT_SAVED_MESSAGE, autoClose: DRAFT_SAVED_TOAST_MS };
}

/**
 * What a failed save's toast says. Once the form is gone (left inside the app, QA BB-1) no line of
 * it says the draft is unsaved and nothing tries again: the toast names the draft and promises no retry.
 */
function failureMessage(error: unknown, formGone: boolean): string {
  const reason = isApiError(error) && !error.isNetworkError ? error.message : null;
  if (formGone) return reason ? `${DRAFT_NOT_SAVED_MESSAGE}. ${reason}` : DRAFT_ERROR_MESSAGE;
  return reason ?? (onlineManager.isOnline() ? DRAFT_ERROR_MESSAGE : DRAFT_OFFLINE_MESSAGE);
}

type Form = Pick<UseFormReturn<ApplicationFormValues>, 'getValues' | 'watch' | 'setError' | 'clearErrors' | 'getFieldState'>;

/**
 * Saves the draft by `application/draft/upsert` after each pause in editing, and at once when the
 * form goes away (use-flush-on-leave). Saves run one at a time (the first one creates the draft:
 * two at once would create two), and a save that would send what the draft holds already (the
 * last save, or the loaded draft), in whatever order of keys, is skipped. A new form's saves carry
 * its `clientKey` until one answer brings the draft's id: one whose answer was lost made the draft
 * the next finds by it, rather than a second one.
 */
export function useDraftAutosave(
  form: Form,
  {
    enabled,
    draftId,
    clientKey,
    onSaved,
    onRefused,
    paused,
    onFieldsRefused,
    ownRefusals,
    addressUnchosen = false,
    leftWithoutSaving,
  }: {
    enabled: boolean;
    draftId: number | null;
    /** A new form's own key (shared `newRequestKey`), the same for all its saves and its reload's (new-draft-stash). */
    clientKey?: string;
    /** The address field holds typed text and no suggestion chosen: a save does not take it (`useUnchosenAddresses().typed`). */
    addressUnchosen?: boolean;
    onSaved: (draft: Application) => void;
    /**
     * A save the server refused: `left` when the form leaves for where the draft is now (it is no
     * draft any more), `foreign` when the draft turned out another profile's than the active one.
     */
    onRefused?: (draftId: number | null, error: unknown) => Promise<StaleOutcome>;
    /**
     * Another profile than the draft's is active: a save would act as it and be refused. Nothing is
     * sent meanwhile; the edits wait (`waiting`) for `release`. Read at each save.
     */
    paused?: () => boolean;
    /**
     * Fields a save was refused for (left out, the rest saved), with the server's messages: the
     * focus stays where the visitor types, so the form says the focused one's (`refuseInPlace`).
     */
    onFieldsRefused?: (fields: Readonly<Record<string, string>>) => void;
    /**
     * Fields the form itself refuses as they stand beyond the draft schema (dates out of order, on
     * the one changed last), read at each save: left out, as the server's refusals are, so the
     * server does not refuse them again on a field of its own choosing. The form shows why.
     */
    ownRefusals?: (values: ApplicationFormValues) => readonly FormField[];
    /**
     * The visitor chose to leave without saving («Уйти без сохранения»): the flush on leave still
     * tries, and its failure, once the form is gone, is not said (the visitor was asked and answered).
     */
    leftWithoutSaving?: () => boolean;
  },
): DraftAutosave {
  const { mutateAsync } = useSaveDraft();
  const id = useRef(draftId);
  /** What the draft on the server holds: the last body saved, or the loaded draft's own. */
  const lastSent = useRef<DraftBody | null | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(!enabled);
  /** A refused save is asking where the draft is now, and the form may leave for it. */
  const leaving = useRef(false);
  const refusals = useRef<DraftRefusals>(new Map());
  /** Edits so far, and how many of them the last save took: more edits than that are unsaved. */
  const edits = useRef(0);
  const editsTaken = useRef(0);
  const failed = useRef(false);
  /** When a pause's save last said «Черновик сохранён» (DRAFT_SAVED_QUIET_MS). */
  const lastPlainSaid = useRef(-Infinity);
  const mounted = useRef(true);
  /** A failure after the form went was said: the flush on leave behind a failing retry says nothing more. */
  const saidGone = useRef(false);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const onFieldsRefusedRef = useRef(onFieldsRefused);
  onFieldsRefusedRef.current = onFieldsRefused;
  const ownRefusalsRef = useRef(ownRefusals);
  ownRefusalsRef.current = ownRefusals;
  const unchosen = useRef(addressUnchosen);
  unchosen.current = addressUnchosen;
  const leftWithoutSavingRef = useRef(leftWithoutSaving);
  leftWithoutSavingRef.current = leftWithoutSaving;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const isPaused = useCallback(() => pausedRef.current?.() ?? false, []);
  const [waiting, setWaiting] = useState(false);
  // After a failure, tried again by itself (the server back, or its timer), as the `online` retry below.
  const retry = useSaveRetry(() => {
    clearTimeout(timer.current);
    void save();
  });
  const { failing, failed: failedWith, clear: clearFailure, stop: stopRetry } = retry;
  /** The clearable fields the saved draft holds: the form's start, then as each save left them. */
  const held = useRef<ReadonlySet<FormField> | null>(null);
  held.current ??= draftId === null ? new Set() : heldFields(form.getValues());
  // A loaded draft holds what the form starts from: undoing an edit is then nothing to save.
  if (lastSent.current === undefined) lastSent.current = draftId === null ? null : draftBodyOf(form.getValues(), draftId, new Set(), held.current);

  const clearRefusedError = useCallback(
    (field: FormField) => {
      if (form.getFieldState(field).error?.type === DRAFT_REFUSED_ERROR) form.clearErrors(field);
    },
    [form],
  );

  /** Puts each standing refusal on its field (unless the field shows another error) and takes the rest off. */
  const showRefusals = useCallback(
    (values: ApplicationFormValues) => {
      const standing = standingRefusals(refusals.current, values);
      for (const field of FORM_FIELDS) {
        const refusal = refusals.current.get(field);
        if (!refusal) clearRefusedError(field);
        else if (!form.getFieldState(field).error) form.setError(field, { type: DRAFT_REFUSED_ERROR, message: refusal.message });
      }
      return standing;
    },
    [form, clearRefusedError],
  );

  const saveOnce = useCallback(
    async (keepalive: boolean, asked: boolean) => {
      const values = form.getValues();
      editsTaken.current = edits.current;
      const own = ownRefusalsRef.current?.(values) ?? [];
      const leftOut = (standing: Set<FormField>) => new Set([...standing, ...own]);
      let body = draftBodyOf(values, id.current, leftOut(showRefusals(values)), held.current!);
      let partly = refusals.current.size > 0 || own.length > 0;
      if (!body || deepEqual(body, lastSent.current)) {
        // «Сохранить черновик» with nothing new since the last save: it is saved as it stands, and says so.
        if (asked && body && id.current !== null && !failed.current) bus.emit('toast:show', savedToast(partly, unchosen.current));
        // Back to what the draft holds (the failed edit undone): nothing is unsaved any more.
        if (body && failed.current) {
          failed.current = false;
          clearFailure();
        }
        return;
      }
      // A field the server refuses is left out and the rest sent again, rather than losing every
      // edit to one bad date (bounded: each round sends fewer fields).
      for (;;) {
        try {
          // Only what changed here: another tab's edits to the other fields stay.
          const changes = draftChanges(body, lastSent.current);
          const { data } = await mutateAsync({ body: id.current === null && clientKey ? { ...changes, clientKey } : changes, keepalive });
          id.current = data.id;
          held.current = heldAfter(held.current!, body);
          clearNewDraftStash();
          lastSent.current = { ...body, id: data.id };
          failed.current = false;
          clearFailure();
          if (mounted.current) {
            setWaiting(false);
            saved.current(data);
          }
          // Left by «Уйти без сохранения»: the typed address was given up, there is nothing to choose now.
          const addressUnchosen = unchosen.current && mounted.current;
          const toast = savedToast(partly, addressUnchosen);
          const plain = !asked && toast.type === 'success';
          const saidLately = plain && Date.now() - lastPlainSaid.current < DRAFT_SAVED_QUIET_MS;
          if (!saidLately && !(addressUnchosen && !asked && choosingFromSuggestions())) {
            bus.emit('toast:show', toast);
            if (plain) lastPlainSaid.current = Date.now();
          }
          return;
        } catch (error) {
          const refused = refusedFieldsOf(error);
          const sent: Record<string, unknown> = body;
          const leavable = refused.filter(([field]) => canLeaveOut(field) && sent[field] !== undefined);
          rememberRefusals(refusals.current, values, leavable);
          showRefusals(values);
          if (leavable.length && mounted.current) onFieldsRefusedRef.current?.(Object.fromEntries(leavable));
          if (!leavable.length) {
            // No saves meanwhile: the form may leave (and unmount, which would flush the same save again).
            leaving.current = true;
            const outcome = await onRefusedRef.current?.(id.current, error);
            if (outcome === 'left') return;
            leaving.current = false;
            const failure = draftFailureOf(error);
            // The form's status line says it already: not toasted again at each try by itself or pause, only
            // when pressed. Once the form is gone, so is its line: the first failure after is said, unless
            // the visitor left by «Уйти без сохранения» (QA MM-4).
            const gone = !mounted.current;
            const told = gone ? saidGone.current || (leftWithoutSavingRef.current?.() ?? false) : failed.current && failing() === failure && !asked;
            saidGone.current ||= gone;
            failed.current = true;
            // The draft is another profile's now: the form says whose, and the edits wait for it.
            if (outcome === 'foreign') {
              clearFailure();
              if (mounted.current) setWaiting(true);
              return;
            }
            failedWith(failure, !stopped.current);
            if (told) return;
            bus.emit('toast:show', { type: 'error', message: failureMessage(error, gone) });
            return;
          }
          partly = true;
          body = draftBodyOf(values, id.current, leftOut(standingRefusals(refusals.current, values)), held.current!);
          // Nothing left that was not saved already: the fields say what is wrong.
          if (!body || deepEqual(body, lastSent.current)) return;
        }
      }
    },
    [form, mutateAsync, showRefusals, clientKey, failing, failedWith, clearFailure],
  );

  const save = useCallback(
    async (keepalive = false, asked = false): Promise<void> => {
      while (running.current) await running.current;
      if (stopped.current || leaving.current) return;
      if (isPaused()) {
        if (mounted.current && (edits.current > editsTaken.current || failed.current)) setWaiting(true);
        return;
      }
      running.current = saveOnce(keepalive, asked).finally(() => {
        running.current = null;
      });
      await running.current;
    },
    [saveOnce, isPaused],
  );

  useEffect(() => {
    stopped.current = !enabled;
    if (!enabled) return;
    const subscription = form.watch((_values, { name, type }) => {
      // Only the user's edits: a reset or a programmatic value is not a reason to save.
      if (type !== 'change') return;
      edits.current += 1;
      // Said at once: leaving before the pause is over asks too.
      if (isPaused()) setWaiting(true);
      const field = name?.split('.')[0] as FormField | undefined;
      // The user is changing what the server refused: its message is stale.
      if (field) fieldsJudgedWith(field).forEach(clearRefusedError);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, form, save, clearRefusedError, isPaused]);

  // Back online after a save failed (or with edits pending): one save takes them, instead of
  // waiting for the next edit.
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online && (failed.current || edits.current > editsTaken.current)) {
          clearTimeout(timer.current);
          void save();
        }
      }),
    [save],
  );

  useFlushOnLeave({
    // Edits not taken by a save yet (a pause not over), or a save that failed: worth one more try.
    hasUnsaved: () => !stopped.current && !leaving.current && (edits.current > editsTaken.current || failed.current),
    // Only a failure the visitor has seen is worth a prompt: pending edits are simply sent. Paused
    // ones cannot be: the form says why. Nor can any while the browser is offline.
    couldNotSave: () =>
      !stopped.current && !leaving.current && (failed.current || ((isPaused() || !onlineManager.isOnline()) && edits.current > editsTaken.current)),
    flush: (reason) => {
      // A new form left by the browser: its values also wait in the tab for the page's next start
      // (new-draft-stash: a reload or Back, the answer to the save below never seen). A closed tab
      // keeps no storage, so they are sent too (QA UU-2): with the form's key, which makes the next
      // start's save find the draft this one made rather than a second one. Without a key, the stash alone.
      if (id.current === null && reason !== 'unmount') {
        stashNewDraft({ values: form.getValues(), clientKey });
        if (!clientKey) {
          // Taken by the stash: the page's end (no unmount comes) or its return saves them once.
          editsTaken.current = edits.current;
          return;
        }
      }
      clearTimeout(timer.current);
      void save(true);
    },
  });

  useEffect(() => {
    mounted.current = true;
    // A save finishing after the form is gone must not move the address of the page shown now.
    return () => {
      mounted.current = false;
    };
  }, []);

  const finish = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    stopRetry();
    while (running.current) await running.current;
    return id.current;
  }, [stopRetry]);

  const resume = useCallback(() => {
    stopped.current = !enabled;
    // A publication that failed: a failed save is tried again as before it.
    const failure = failing();
    if (enabled && failure) failedWith(failure);
  }, [enabled, failing, failedWith]);

  const saveNow = useCallback(
    async (pressed = false) => {
      clearTimeout(timer.current);
      await save(false, pressed);
    },
    [save],
  );

  const flush = useCallback(async () => {
    if (stopped.current || leaving.current) return true;
    clearTimeout(timer.current);
    if (edits.current > editsTaken.current || failed.current) await save(true);
    else while (running.current) await running.current;
    return !failed.current && !(isPaused() && edits.current > editsTaken.current);
  }, [save, isPaused]);

  const showStandingRefusals = useCallback(() => {
    if (enabled) showRefusals(form.getValues());
  }, [enabled, form, showRefusals]);

  // Only what differs from what this form last saved or loaded (draftChanges), as the autosave sends:
  // a field another tab saved meanwhile is not put back by this form's copy (QA AAC-1).
  const draftBody = useCallback(() => {
    const body = draftBodyOf(form.getValues(), id.current, new Set(), held.current!);
    return !body || deepEqual(body, lastSent.current) ? null : draftChanges(body, lastSent.current);
  }, [form]);

  const release = useCallback(() => {
    if (edits.current > editsTaken.current || failed.current) void save();
  }, [save]);

  return { finish, resume, flush, saveNow, showStandingRefusals, draftBody, clientKey, waiting, release, failure: retry.failure };
}
