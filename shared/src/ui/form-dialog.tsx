import { useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext } from 'react-router-dom';
import { Button, Dialog, DialogActions, FormAlert, SlowAnswer, useAskBeforeClosing } from 'shared';
import { LeaveUnsavedDialog, useUnsavedChangesGuard } from './unsaved-changes-guard';

// The row of a dialog's buttons is the dialog's own (its question uses it too); here for the forms' users.
export { DialogActions } from 'shared';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type Entry = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const ENTRIES = 'input:not([type="button"]):not([type="submit"]):not([type="reset"]):not([type="image"]), select, textarea';

/** What an entry holds, to compare: a box's or a radio's check, a list's choices, else its text. */
function valueOf(entry: Entry): string {
  if (entry instanceof HTMLInputElement && (entry.type === 'checkbox' || entry.type === 'radio')) return String(entry.checked);
  if (entry instanceof HTMLSelectElement && entry.multiple) return [...entry.selectedOptions].map((option) => option.value).join('\n');
  return entry.value;
}

/**
 * Whether an entry of `form` differs from what it held when it came: at the dialog's opening, or as
 * it appeared later (a field shown by a choice). A one-time code is no entry to keep: a new one
 * can be asked for.
 */
function useTypedEntries(form: RefObject<HTMLFormElement | null>): () => boolean {
  const initial = useRef(new WeakMap<Element, string>());
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    const remember = (node: Node) => {
      if (!(node instanceof Element)) return;
      const found = node.matches(ENTRIES) ? [node] : [...node.querySelectorAll(ENTRIES)];
      for (const entry of found as Entry[]) if (!initial.current.has(entry)) initial.current.set(entry, valueOf(entry));
    };
    remember(root);
    // A field shown later is seen as it comes (a box clicked need not take the focus), and at the
    // latest as the focus comes to it, before a key can change it.
    const observer = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(remember)));
    observer.observe(root, { childList: true, subtree: true });
    const onFocusIn = (event: FocusEvent) => event.target instanceof Node && remember(event.target);
    root.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
    };
  }, [form]);
  return useCallback(() => {
    const entries = form.current ? ([...form.current.querySelectorAll(ENTRIES)] as Entry[]) : [];
    return entries.some((entry) => {
      const was = initial.current.get(entry);
      return was !== undefined && entry.getAttribute('autocomplete') !== 'one-time-code' && valueOf(entry) !== was;
    });
  }, [form]);
}

export interface DialogFormProps {
  submitLabel: string;
  /** The submit does what cannot be undone (a refusal of the deal): the danger colour, as its opener's. */
  danger?: boolean;
  /** The request is under way: the submit button spins and a second submit is ignored. */
  pending: boolean;
  /** The server's message, announced as an alert above the fields. */
  alert?: string | undefined;
  /**
   * The submit cannot go ahead until something changes (the dialog says what: a spent SMS code
   * waits for a new one). Shown unavailable as aria-disabled, so a focus on it is not dropped to
   * <body>; a press or Enter in a field sends nothing.
   */
  submitDisabled?: boolean;
  /** Called with the form's submit event (already default-prevented), e.g. react-hook-form's handleSubmit. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * A field of the form changed, by its `name`: the owner drops that field's message of the last
   * refusal, which no longer says what the field holds (QA SSS-3).
   */
  onFieldChange?: (name: string) => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** An extra class of the form, for the owner's layout of its fields. */
  className?: string;
  children?: ReactNode;
}

/** The words of the question a page's leaving asks about a dialog's typed entries (the browser's Back on a phone). */
export const LEAVE_TYPED_DESCRIPTION = 'Введённые данные не сохранятся, если уйти со страницы.';

/**
 * The body of a dialog that is one form: alert, fields, the submit button and «Отмена». For a
 * dialog whose other steps are not forms; a dialog that is only the form is a `FormDialog`.
 *
 * Once an entry differs from what it held when the dialog opened (a one-time code aside), the
 * dialog's Escape, × and backdrop ask «Закрыть без сохранения?» first (`useAskBeforeClosing`) —
 * not while the request is under way, and not «Отмена»: that is a choice made already. Leaving the
 * page then (Back, a link) asks «Уйти без сохранения?», and so does the browser before a reload.
 */
export function DialogForm({ submitLabel, danger = false, pending, alert, submitDisabled = false, onSubmit, onFieldChange, onCancel, cancelLabel = 'Отмена', className, children }: DialogFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const typed = useTypedEntries(form);
  useAskBeforeClosing(() => !pending && typed());
  // Leaving the page (Back, the usual way out of a sheet on a phone; a link of the header) asks
  // about what was typed as the dialog's own close does (QA YY-1): the page's forms' guard, whose
  // one question asks for all of them.
  const [changed, setChanged] = useState(false);
  const { blocker } = useUnsavedChangesGuard(!pending && changed);
  // The question needs the router's blocker, a data router's (the shell's): a dialog shown under
  // another router (a test's MemoryRouter) or none has no page to leave by Back.
  const guardsLeaving = useContext(DataRouterContext) !== null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit(event);
  };
  return (
    <form
      ref={form}
      className={className ? `ui-dialog-form ${className}` : 'ui-dialog-form'}
      onSubmit={submit}
      onInput={() => setChanged(typed())}
      onChange={(event) => {
        setChanged(typed());
        // The field the change came from (it bubbles to the form): an input, a textarea or a select.
        const { name } = event.target as EventTarget as { name?: unknown };
        if (typeof name === 'string' && name) onFieldChange?.(name);
      }}
      noValidate
    >
      {guardsLeaving && <LeaveUnsavedDialog blocker={blocker} description={LEAVE_TYPED_DESCRIPTION} />}
      <FormAlert message={alert} pending={pending} />
      {children}
      <DialogActions>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending} aria-disabled={submitDisabled || undefined}>
          {submitLabel}
        </Button>
        {/* A press keeps the focus in the field: its blur would check it, and the error line it
            puts above the buttons moved «Отмена» from under the pointer, the click lost (QA AAA-1). */}
        <Button variant="ghost" onClick={onCancel} onMouseDown={(event) => event.preventDefault()}>
          {cancelLabel}
        </Button>
      </DialogActions>
      <SlowAnswer pending={pending} />
    </form>
  );
}

export interface FormDialogProps extends Omit<DialogFormProps, 'onCancel'> {
  title: string;
  description?: ReactNode;
  /** The close button, Escape, the backdrop and «Отмена». */
  onClose: () => void;
}

/** A labelled dialog with one form: alert, fields, the submit button and «Отмена». */
export function FormDialog({ title, description, onClose, ...form }: FormDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <DialogForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
