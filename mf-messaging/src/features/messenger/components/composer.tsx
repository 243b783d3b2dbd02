import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { apiErrorText, Button, groupDigits, newRequestKey, SLOW_ANSWER_MS, TextAreaField, UPLOAD_ACCEPT, sortChosenFiles, useTakingLong } from 'shared';
import {
  FileInput,
  MESSAGE_MAX_FILES,
  MESSAGE_TEXT_MAX,
  messageCreateFieldsSchema,
  MESSAGING_MESSAGES,
  useSendMessage,
  type Message,
  type MessageTarget,
} from 'shared/lk';
import { useCoarsePointer } from '../hooks/use-coarse-pointer';
import { TEXTS } from '../lib/texts';
import { Attachments } from './attachments';

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Why the text cannot go (length, characters), by the contract's own rule. */
function textError(text: string): string | undefined {
  const parsed = messageCreateFieldsSchema.safeParse({ messagingId: 1, text });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'text')?.message;
}

/** The length the contract holds against MESSAGE_TEXT_MAX (it normalises and trims first). */
const measuredLength = (text: string) => text.normalize('NFC').trim().length;

/** The counter shows up for the last 500 characters before the limit, not all the time. */
const COUNT_FROM = MESSAGE_TEXT_MAX - 500;

/**
 * A message (text alone) still on its way after this long is said to be, with the way to cancel
 * it: the client sets no time limit on a write (it may still be done there), and the field it left
 * is empty.
 */
export const SLOW_SEND_MS = SLOW_ANSWER_MS;

/** The composer's content: the next message's text and files. */
export interface Draft {
  text: string;
  files: File[];
}

const EMPTY_DRAFT: Draft = { text: '', files: [] };

const sameFiles = (a: readonly File[], b: readonly File[]) => a.length === b.length && a.every((file, i) => file === b[i]);

/**
 * A message that did not go comes back in front of what was typed or chosen while it was on its
 * way, so neither is lost.
 */
function putBack(unsent: Draft, current: Draft): Draft {
  return { text: [unsent.text, current.text].filter(Boolean).join('\n'), files: [...unsent.files, ...current.files] };
}

/**
 * On a touch screen the on-screen keyboard takes the lower part of the screen as the field gets the
 * focus: the browser keeps the field in sight, not «Отправить» below it (and Enter breaks the line
 * there, so the button is the only way to send). The whole composer is brought just into view when
 * the field gets the focus and when the visible screen changes size while it has it.
 */
function useKeepInViewWhileTyping(form: RefObject<HTMLFormElement | null>, field: RefObject<HTMLTextAreaElement | null>, touch: boolean) {
  const reveal = useCallback(() => {
    requestAnimationFrame(() => {
      if (document.activeElement === field.current) form.current?.scrollIntoView?.({ block: 'nearest' });
    });
  }, [form, field]);
  useEffect(() => {
    if (!touch) return;
    const onResize = () => {
      if (document.activeElement === field.current) reveal();
    };
    const viewport = window.visualViewport;
    window.addEventListener('resize', onResize);
    viewport?.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      viewport?.removeEventListener('resize', onResize);
    };
  }, [touch, field, reveal]);
  return touch ? reveal : undefined;
}

export interface ComposerProps {
  target: MessageTarget;
  /** `unsent`: what the field holds once the message is there (typed while it was on its way). */
  onSent?: (message: Message, unsent: Draft) => void;
  autoFocus?: boolean;
  /** What the field starts with (the rest of a new conversation's composer). */
  initialDraft?: Draft | null;
  /**
   * This conversation was just started by the message sent from the composer it replaced: that
   * one could not say «Сообщение отправлено» (it was gone with its field), so this one does.
   */
  announceSent?: boolean;
}

/**
 * The new message: Enter sends, Shift+Enter breaks the line (on a touch screen Enter breaks the
 * line and the button sends); files go along with upload progress.
 */
export function Composer({ target, onSent, autoFocus = false, initialDraft = null, announceSent = false }: ComposerProps) {
  const fileInputId = useId();
  const countId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState<Draft>(initialDraft ?? EMPTY_DRAFT);
  // The draft as of now for the code that resumes after the send's await (the state it closed
  // over is the one of the keystroke that sent).
  const latest = useRef(draft);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // The text-only message on its way (files show their own progress), said once it has taken
  // SLOW_SEND_MS (shared useTakingLong): its controller, a new clock for each message.
  const [textSend, setTextSend] = useState<AbortController | null>(null);
  const slow = useTakingLong(textSend, SLOW_SEND_MS);
  // «Сообщение отправлено» for a screen reader, a new node for each message (so each is said): the
  // field just empties, and the log does not read one's own message back.
  const [sentNote, setSentNote] = useState<number | null>(null);
  const sentCount = useRef(0);
  const saySent = useCallback(() => {
    sentCount.current += 1;
    setSentNote(sentCount.current);
  }, []);
  const controller = useRef<AbortController | null>(null);
  // Enter (or «Отправить») while a message is on its way: the field's text goes right after it.
  const queued = useRef(false);
  const mounted = useRef(true);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const focusFileInput = useCallback(() => fileInput.current?.focus(), []);
  const touch = useCoarsePointer();
  const send = useSendMessage();
  // The last message that did not go (it failed, or was cancelled, on its way — the server may have
  // it all the same): sent again unchanged, it carries the same key, and the server keeps it once.
  const unsent = useRef<{ key: string; text: string; files: File[] } | null>(null);
  const sending = send.isPending;

  const change = (next: (current: Draft) => Draft) => {
    latest.current = next(latest.current);
    setDraft(latest.current);
  };

  // Leaving the conversation cancels a send in flight (and one waiting for it).
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  // After the mount, into the status already there: what a live region starts with is not said.
  useEffect(() => {
    if (announceSent) saySent();
  }, [announceSent, saySent]);
  // «No connection» is not kept past the connection's return: the text waits in the field to be sent.
  useEffect(() => onlineManager.subscribe((online) => online && setError((now) => (now === TEXTS.offline ? undefined : now))), []);
  const form = useRef<HTMLFormElement>(null);
  const keepInView = useKeepInViewWhileTyping(form, field, touch);

  async function submit(afterPrevious = false) {
    // The controller, not `sending`: a second Enter may come before the re-render that sets it.
    // It is not lost: what the field holds then goes once this one is there, in order.
    if (controller.current) {
      queued.current = true;
      return;
    }
    const outgoing = latest.current;
    const text = outgoing.text.trim();
    if (!text && outgoing.files.length === 0) return afterPrevious ? undefined : setError(MESSAGING_MESSAGES.empty);
    const invalid = textError(text);
    // Too long is said by the field for as long as it is so (`tooLong`), not kept past the fix.
    if (invalid) return setError(measuredLength(text) > MESSAGE_TEXT_MAX ? undefined : invalid);
    // A failed send puts its files back in front of newly chosen ones: together they may be too many.
    if (outgoing.files.length > MESSAGE_MAX_FILES) return setError(MESSAGING_MESSAGES.tooManyFiles);
    // Offline, the query client would hold the send until the connection is back, the button
    // spinning with no word why.
    if (!onlineManager.isOnline() || navigator.onLine === false) return setError(TEXTS.offline);
    setError(undefined);
    setSentNote(null);
    const again = unsent.current;
    const clientKey = again && again.text === text && sameFiles(again.files, outgoing.files) ? again.key : newRequestKey();
    unsent.current = null;
    const current = new AbortController();
    controller.current = current;
    // The field is the next message's at once: what is typed while this one goes is not erased
    // when it arrives, and a failure puts this one back (putBack).
    change(() => EMPTY_DRAFT);
    if (outgoing.files.length > 0) setProgress(0);
    setTextSend(outgoing.files.length > 0 ? null : current);
    try {
      // Awaited rather than `mutate`'s callbacks: a first message may replace this conversation
      // (and this field) before they would run, and `onSent` must still name the new one.
      const sent = await send.mutateAsync({ target, text, files: outgoing.files, clientKey, onProgress: setProgress, signal: current.signal });
      saySent();
      onSent?.(sent, latest.current);
    } catch (caught) {
      // A failure puts this one back in front of the next: the user sends them again himself.
      queued.current = false;
      unsent.current = { key: clientKey, text, files: outgoing.files };
      change((now) => putBack(outgoing, now));
      setError(isAbort(caught) ? 'Отправка отменена' : apiErrorText(caught, TEXTS.sendError));
    } finally {
      if (mounted.current) setTextSend((now) => (now === current ? null : now));
      setProgress(null);
      if (controller.current === current) controller.current = null;
    }
    // A first message may have replaced this field with the new conversation's (`onSent`): its
    // text went there, and the user sends it from there; nothing is sent from an unmounted field.
    if (queued.current && mounted.current) {
      queued.current = false;
      await submit(true);
    }
  }

  /** Cancels the message on its way: its text and files come back to the field, which takes the focus (the button goes). */
  function cancel() {
    controller.current?.abort();
    field.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (touch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Cleared, so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    // A refused file does not take the others with it: they are attached, and each refused one is named.
    const { accepted, refusals: problems } = sortChosenFiles(chosen);
    if (latest.current.files.length + accepted.length > MESSAGE_MAX_FILES) problems.push(MESSAGING_MESSAGES.tooManyFiles);
    else if (accepted.length > 0) change((now) => ({ ...now, files: [...now.files, ...accepted] }));
    setError(problems.length > 0 ? problems.join('. ') : undefined);
  }

  const length = measuredLength(draft.text);
  // Said as soon as it is so, rather than cut by maxLength: a long paste stays whole to be shortened.
  const tooLong = length > MESSAGE_TEXT_MAX ? textError(draft.text) : undefined;
  const counted = length >= COUNT_FROM;
  // Too long is the field's own error (and the live counter says it); the rest is the send's.
  const shownError = tooLong ? undefined : error;

  return (
    <form
      ref={form}
      className="msg-composer"
      aria-label="Новое сообщение"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextAreaField
        ref={field}
        label="Сообщение"
        hint={touch ? undefined : TEXTS.composerHint}
        rows={2}
        enterKeyHint={touch ? 'enter' : 'send'}
        value={draft.text}
        onChange={(event) => {
          const text = event.target.value;
          change((now) => ({ ...now, text }));
        }}
        onKeyDown={onKeyDown}
        onFocus={keepInView}
        error={tooLong}
        textareaClassName="msg-composer__text"
        aria-describedby={[counted && countId, shownError && errorId].filter(Boolean).join(' ') || undefined}
      />
      {/* Said at once (an alert), not only at the field: the focus stays in the field when a send
          fails or is refused, and a screen reader would not re-read its description. */}
      {shownError && (
        <p id={errorId} role="alert" className="ui-field__error">
          {shownError}
        </p>
      )}
      <p role="status" className="ui-visually-hidden">
        {sentNote !== null && <span key={sentNote}>{MESSAGING_MESSAGES.sent}</span>}
      </p>
      {counted && (
        <p id={countId} className={`msg-composer__count${tooLong ? ' msg-composer__count--over' : ''}`} aria-live="polite">
          {groupDigits(String(length))} / {groupDigits(String(MESSAGE_TEXT_MAX))}
        </p>
      )}
      <Attachments
        files={draft.files}
        progress={progress}
        onRemove={(index) => change((now) => ({ ...now, files: now.files.filter((_, i) => i !== index) }))}
        onEmptied={focusFileInput}
        onCancel={cancel}
      />
      {slow && progress === null && (
        <div className="msg-attachments__progress">
          <span role="status">Сообщение ещё отправляется…</span>
          <Button variant="ghost" size="sm" onClick={cancel}>
            Отменить отправку
          </Button>
        </div>
      )}
      <div className="msg-composer__actions">
        <FileInput ref={fileInput} id={fileInputId} multiple accept={UPLOAD_ACCEPT} onChange={onFiles} buttonText="Прикрепить файлы" />
        <Button type="submit" loading={sending}>
          Отправить
        </Button>
      </div>
    </form>
  );
}
