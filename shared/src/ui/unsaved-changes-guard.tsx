import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router-dom';
import { useSessionStore } from 'shared';
import { ConfirmDialog } from './confirm-dialog';

export interface UnsavedChangesGuard {
  blocker: Blocker;
  /** The form leaves on purpose (it is being saved or deleted): no question until `resume`. */
  release(): void;
  /** The save or delete failed: the form stays and its edits are guarded again. */
  resume(): void;
  /**
   * The form is spent (saved, and leaving for the page it leads to): it guards nothing any more, not
   * even once `releaseDuring` is over, so a way there that ends later (a step Back) is not asked about.
   */
  spend(): void;
  /** Runs a save that leads on to another page when it succeeds: released while it runs, guarded again after. */
  releaseDuring<T>(run: () => Promise<T>): Promise<T>;
  /**
   * A link's `onClick` for leaving without the edits on purpose (the form's «Отмена»): releases for a
   * click the router follows in this tab, not for one that opens a new tab or window.
   */
  releaseOnFollow(event: MouseEvent): void;
  /** The visitor chose «Уйти без сохранения» for this form's edits: what fails to save them after is no news to tell. */
  leftWithoutSaving(): boolean;
}

/**
 * The forms on screen with a guard. React Router consults one blocker per router (a second
 * `useBlocker` only gets «A router only supports one blocker at a time», and the last one wins), so
 * the guards of a page with several forms, and of remotes under the shell's one router (`shared/lk`
 * is a singleton), share one: it is held by one `LeaveUnsavedDialog` (the first on screen) and asks
 * when any guard has unsaved edits.
 */
interface GuardEntry {
  unsaved: boolean;
  released: boolean;
  spent: boolean;
  /** «Уйти без сохранения» was chosen for its edits. */
  abandoned: boolean;
  /** The form's `flush` (`UnsavedChangesGuardOptions`), as it last rendered. */
  flush?: (() => Promise<boolean>) | undefined;
}

export interface UnsavedChangesGuardOptions {
  /**
   * A form that saves by itself (a draft's autosave) saves what waits for its pause at once, before a
   * leaving that ends what it could be saved with (a logout: the session) or changes who it is saved
   * as (a profile switch in this tab): `askBeforeLeaving` and `flushPendingSaves` wait for it. Resolves
   * false when edits are still unsaved after it (the save failed): they are asked about, as unsaved ones are.
   */
  flush?: () => Promise<boolean>;
}

interface DialogEntry {
  id: object;
  guard: GuardEntry;
}

interface GuardsState {
  /** The one blocker's state, as its holder last read it. */
  blocker: Blocker;
  /** The guards whose edits held up the blocked leaving. */
  blockedBy: readonly GuardEntry[];
  /** The dialogs on screen, in the order they came: the first holds the blocker. */
  dialogs: readonly DialogEntry[];
  /** A leaving no navigation carries (a logout, `askBeforeLeaving`), waiting on the answer. */
  question: Pick<Blocker, 'proceed' | 'reset'> | null;
}

const IDLE_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };
const guards = new Set<GuardEntry>();
const listeners = new Set<() => void>();
let guardsState: GuardsState = { blocker: IDLE_BLOCKER, blockedBy: [], dialogs: [], question: null };
/** Which guard a hook's `blocker` belongs to, for its dialog. */
const guardOf = new WeakMap<Blocker, GuardEntry>();

function setGuardsState(patch: Partial<GuardsState>) {
  guardsState = { ...guardsState, ...patch };
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getGuardsState = () => guardsState;
const getSharedBlocker = () => guardsState.blocker;
const guarding = (guard: GuardEntry) => guard.unsaved && !guard.released && !guard.spent;
const unsavedGuards = () => [...guards].filter(guarding);

const blockWhenAnyUnsaved: BlockerFunction = ({ currentLocation, nextLocation }) => {
  if (currentLocation.pathname === nextLocation.pathname || !useSessionStore.getState().isAuthenticated()) return false;
  const unsaved = unsavedGuards();
  if (unsaved.length > 0) setGuardsState({ blockedBy: unsaved });
  return unsaved.length > 0;
};

/** How long a logout or a profile switch waits for the forms' saves (`flushPendingSaves`): a request sent goes on after. */
export const PENDING_SAVES_WAIT_MS = 1500;

/**
 * The forms on screen that save by themselves save what waits for their pause at once (their
 * `flush`), waited for at most PENDING_SAVES_WAIT_MS: before a logout or a profile switch in this
 * tab, after which those saves would have no session, or act as another profile (QA UU-1, UU-4).
 * Resolves to the guards whose save failed, their edits still unsaved.
 */
async function flushGuards(): Promise<GuardEntry[]> {
  const flushing = [...guards].filter((guard) => guard.flush && !guard.released && !guard.spent);
  if (flushing.length === 0) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), PENDING_SAVES_WAIT_MS)));
  const outcomes = await Promise.all(flushing.map((guard) => Promise.race([guard.flush!().catch(() => false), late])));
  clearTimeout(timer);
  // A save still under way when the wait is over was sent: it is not lost.
  return flushing.filter((_guard, index) => outcomes[index] === false);
}

/** `flushGuards` for a change that is no leaving (a profile switch in this tab): resolves once the forms' pending saves are done. */
export async function flushPendingSaves(): Promise<void> {
  await flushGuards();
}

/** The guards «Уйти без сохранения» of the last `askBeforeLeaving` released. */
let abandonedByLastQuestion: GuardEntry[] = [];

/**
 * A leaving that is no navigation the blocker sees first (a logout: the session ends before the page
 * goes, and the edits could not be saved after): the forms that save by themselves save their pending
 * edits first (`flush`), then the question a blocked navigation asks is asked, in the same dialog,
 * when a form on screen has unsaved edits. Resolves true to go on (nothing unsaved, or «Уйти без
 * сохранения»), false to stay with the edits.
 */
export async function askBeforeLeaving(): Promise<boolean> {
  const failed = await flushGuards();
  const unsaved = [...new Set([...unsavedGuards(), ...failed.filter((guard) => !guard.released && !guard.spent)])];
  abandonedByLastQuestion = [];
  // No form's dialog on screen to ask in (none has edits, or its page is going): nothing to keep.
  if (unsaved.length === 0 || guardsState.dialogs.length === 0) return true;
  guardsState.question?.reset?.();
  return new Promise((resolve) => {
    const answer = (leave: boolean) => () => {
      setGuardsState({ question: null, blockedBy: [] });
      if (leave) {
        unsaved.forEach((guard) => Object.assign(guard, { released: true, abandoned: true }));
        abandonedByLastQuestion = unsaved;
      }
      resolve(leave);
    };
    setGuardsState({ blockedBy: unsaved, question: { proceed: answer(true), reset: answer(false) } });
  });
}

/**
 * The leaving `askBeforeLeaving` let go did not happen after all (a notice's profile switch that
 * failed): the edits «Уйти без сохранения» gave up are on screen still, and guarded again.
 */
export function stayAfterAll(): void {
  abandonedByLastQuestion.forEach((guard) => Object.assign(guard, { released: false, abandoned: false }));
  abandonedByLastQuestion = [];
}

/** The one `useBlocker` of all the guards. */
function SharedBlocker() {
  const blocker = useBlocker(blockWhenAnyUnsaved);
  useEffect(() => setGuardsState({ blocker }), [blocker]);
  useEffect(() => () => setGuardsState({ blocker: IDLE_BLOCKER, blockedBy: [] }), []);
  return null;
}

/**
 * Edits only a form's submit saves (an application changed after publication, a facility) are not
 * dropped without a question: leaving for another page of the app asks «Уйти без
 * сохранения?» (`LeaveUnsavedDialog`), and the browser's own leaving (a reload, closing the tab) gets
 * its prompt. A change of the address's search or hash (a dialog opened over the page) is no leaving,
 * and a session that has ended (a logout, here or in another tab) leaves without asking: its edits
 * could no longer be saved. Several forms on one page each have their guard: leaving asks once when
 * any of them has edits, and «Уйти без сохранения» leaves them all.
 */
export function useUnsavedChangesGuard(unsaved: boolean, { flush }: UnsavedChangesGuardOptions = {}): UnsavedChangesGuard {
  const entry = useRef<GuardEntry>(null);
  entry.current ??= { unsaved, released: false, spent: false, abandoned: false };
  const guard = entry.current;
  guard.unsaved = unsaved;
  guard.flush = flush;
  useEffect(() => {
    guards.add(guard);
    return () => {
      guards.delete(guard);
    };
  }, [guard]);
  const shared = useSyncExternalStore(subscribe, getSharedBlocker, getSharedBlocker);
  // The guard's own view of the one blocker: its dialog finds the guard by it.
  const blocker = useMemo(() => {
    const own = { ...shared };
    guardOf.set(own, guard);
    return own;
  }, [shared, guard]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding(guard)) return;
      event.preventDefault();
      // Older browsers show the prompt only for a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guard]);

  const release = useCallback(() => {
    guard.released = true;
  }, [guard]);
  const resume = useCallback(() => {
    guard.released = false;
  }, [guard]);
  const spend = useCallback(() => {
    guard.spent = true;
  }, [guard]);
  const releaseDuring = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    release();
    try {
      return await run();
    } finally {
      resume();
    }
  }, [release, resume]);
  const releaseOnFollow = useCallback(
    (event: MouseEvent) => {
      if (event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey) release();
    },
    [release],
  );
  const leftWithoutSaving = useCallback(() => guard.abandoned, [guard]);
  return { blocker, release, resume, spend, releaseDuring, releaseOnFollow, leftWithoutSaving };
}

/** The question's words when the edits of several forms would be lost: no one form is named. */
export const LEAVE_UNSAVED_DESCRIPTION = 'Изменения не сохранены и пропадут, если уйти со страницы.';

export interface LeaveUnsavedDialogProps {
  blocker: Blocker;
  /** What is lost, e.g. «Изменения заявки не сохранены и пропадут, если уйти со страницы.» */
  description: string;
}

/**
 * The question of a blocked leaving: «Отмена» (the focus) stays with the edits, the other button leaves
 * without them. With several guarded forms on the page one dialog asks: the first one of a form whose
 * edits would be lost, in its own words when that form is the only one, else in words that name no form.
 */
export function LeaveUnsavedDialog({ blocker, description }: LeaveUnsavedDialogProps) {
  const guard = guardOf.get(blocker);
  const [id] = useState(() => ({}));
  useEffect(() => {
    if (!guard) return;
    setGuardsState({ dialogs: [...guardsState.dialogs, { id, guard }] });
    return () => setGuardsState({ dialogs: guardsState.dialogs.filter((dialog) => dialog.id !== id) });
  }, [id, guard]);
  const { blocker: shared, blockedBy, dialogs, question } = useSyncExternalStore(subscribe, getGuardsState, getGuardsState);

  // A blocker of the caller's own `useBlocker`: its question alone.
  if (!guard) return blocker.state === 'blocked' ? <LeaveDialog blocker={blocker} description={description} /> : null;
  const holder = dialogs[0]?.id === id;
  const asking = dialogs.find((dialog) => blockedBy.includes(dialog.guard)) ?? dialogs[0];
  const own = blockedBy.length === 1 && blockedBy[0] === guard;
  return (
    <>
      {holder && <SharedBlocker />}
      {(shared.state === 'blocked' || question) && asking?.id === id && (
        <LeaveDialog
          blocker={shared.state === 'blocked' ? shared : question!}
          description={own ? description : LEAVE_UNSAVED_DESCRIPTION}
          onLeave={() => blockedBy.forEach((blocked) => (blocked.abandoned = true))}
        />
      )}
    </>
  );
}

/** `onLeave`: «Уйти без сохранения» chosen, before the leaving goes on. */
function LeaveDialog({ blocker, description, onLeave }: { blocker: Pick<Blocker, 'proceed' | 'reset'>; description: string; onLeave?: () => void }) {
  return (
    <ConfirmDialog
      title="Уйти без сохранения?"
      description={description}
      confirmLabel="Уйти без сохранения"
      danger
      pending={false}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
}
