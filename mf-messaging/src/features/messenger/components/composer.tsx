import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import {
  apiErrorText,
  apiFieldErrors,
  bus,
  Button,
  COARSE_POINTER,
  groupDigits,
  isBlankText,
  newRequestKey,
  SLOW_ANSWER_MS,
  saysUnreached,
  TextAreaField,
  UPLOAD_ACCEPT,
  sortChosenFiles,
  useConnectionBack,
  useMediaQuery,
  useTakingLong,
} from 'shared';
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
import { readDraft, readDraftFiles, saveDraft } from '../lib/drafts';
import { TEXTS } from '../lib/texts';
import { Attachments } from './attachments';

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Why the text cannot go (length, characters), by the contract's own rule. */
function textError(text: string): string | undefined {
  const parsed = messageCreateFieldsSchema.safeParse({ messagingId: 1, text });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'text')?.message;
}

/**
 * The length the contract holds against MESSAGE_TEXT_MAX: it normalises and trims first, and
 * counts code points (an emoji is one character, not its two UTF-16 units).
 */
const measuredLength = (text: string) => Array.from(text.normalize('NFC').trim()).length;

/** The counter shows up for the last 500 characters before the limit, not all the time. */
const COUNT_FROM = MESSAGE_TEXT_MAX - 500;

/**
 * A message (text alone) still on its way after this long is said to be, with the way to cancel
 * it: the client sets no time limit on a write (it may still be done there), and the field it left
 * is empty.
 */
export const SLOW_SEND_MS = SLOW_ANSWER_MS;

/**
 * A message whose send did not reach the server (the connection dropped, the server did not answer)
 * is asked again under its key this long after, if the connection has not said it is back before:
 * a drop of one request says nothing on the socket.
 */
export const RESEND_MS = 10_000;

/** The composer's content: the next message's text and files. */
export interface Draft {
  text: string;
  files: File[];
}

/** A message taken from the field by Enter (or «Отправить»), waiting for those before it to go. */
export interface QueuedMessage extends Draft {
  /** Its own key (shared newRequestKey): the server keeps it once, however often it is sent. */
  key: string;
}

const EMPTY_DRAFT: Draft = { text: '', files: [] };

/**
 * The composer open on each kept draft (its key): one left while its messages were on their way
 * gives those that did not go to it, into the field the user sees, rather than under it.
 */
const openComposers = new Map<string, (messages: QueuedMessage[], why: string) => void>();

const sameFiles = (a: readonly File[], b: readonly File[]) => a.length === b.length && a.every((file, i) => file === b[i]);

/**
 * What Enter sends from a field that held messages put back (`unsent`): those messages again, each
 * under its own key, when the field still holds them unchanged (the server keeps each once, had it
 * arrived); the first alone under its key when only its text is left; else a new message.
 */
function sentAgain(unsent: readonly QueuedMessage[], outgoing: Draft): QueuedMessage[] {
  const [first] = unsent;
  if (unsent.length > 1 && outgoing.text === putBack(unsent, EMPTY_DRAFT).text && sameFiles(unsent.flatMap((message) => message.files), outgoing.files)) return [...unsent];
  if (first && first.text === outgoing.text && sameFiles(first.files, outgoing.files)) return [{ ...outgoing, key: first.key }];
  return [{ ...outgoing, key: newRequestKey() }];
}

/**
 * Messages that did not go come back, in order, in front of what was typed or chosen while they
 * were on their way, so none is lost.
 */
function putBack(unsent: readonly Draft[], current: Draft): Draft {
  return {
    text: [...unsent.map((message) => message.text), current.text].filter(Boolean).join('\n'),
    files: [...unsent.flatMap((message) => message.files), ...current.files],
  };
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
  /**
   * `unsent`: what the field holds once the message is there (typed while it was on its way).
   * `queued`: for a target that starts a conversation, the messages sent after the first that have
   * not gone yet: this composer gives way to the conversation's own, which sends them.
   */
  onSent?: (message: Message, unsent: Draft, queued: QueuedMessage[]) => void;
  autoFocus?: boolean;
  /** What the field starts with (the rest of a new conversation's composer); else the kept draft. */
  initialDraft?: Draft | null;
  /** Messages to send as it opens, in order (those a new conversation's composer handed over). */
  initialQueue?: readonly QueuedMessage[];
  /** Where the field's text is kept for the session (lib/drafts), null for nowhere. */
  draftKey?: string | null;
  /**
   * This conversation was just started by the message sent from the composer it replaced: that
   * one does not say «Сообщение отправлено» (it goes with its field), so this one does, once.
   */
  announceSent?: boolean;
}

/**
 * The new message: Enter sends, Shift+Enter breaks the line (on a touch screen Enter breaks the
 * line and the button sends); files go along with upload progress.
 */
export function Composer({ target, onSent, autoFocus = false, initialDraft = null, initialQueue = [], draftKey = null, announceSent = false }: ComposerProps) {
  const fileInputId = useId();
  const countId = useId();
  const errorId = useId();
  const [kept] = useState(() => readDraft(draftKey));
  const [draft, setDraft] = useState<Draft>(() => initialDraft ?? { text: kept?.text ?? '', files: readDraftFiles(draftKey) });
  // The draft as of now for the code that resumes after the send's await (the state it closed
  // over is the one of the keystroke that sent).
  const latest = useRef(draft);
  const [error, setError] = useState<string | undefined>();
  // The error when it is the text's own (empty, refused): then the field is marked invalid too.
  const [refusedText, setRefusedText] = useState<string | undefined>();
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
  // Enter (or «Отправить») while a message is on its way: what the field held then waits here, and
  // goes right after it, in order. `sendingQueue` (the loop over it runs) is set before any await,
  // so a second Enter before the re-render finds it.
  const queue = useRef<QueuedMessage[]>([...initialQueue]);
  const sendingQueue = useRef(false);
  const mounted = useRef(true);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const focusFileInput = useCallback(() => fileInput.current?.focus(), []);
  // A finger's keyboard has no Shift+Enter to break a line: Enter stays a line break there.
  const touch = useMediaQuery(COARSE_POINTER);
  const send = useSendMessage();
  // The messages that did not go (one failed, or was cancelled, on its way — the server may have it
  // all the same — and those after it), put back one per line: sent again unchanged, each goes again
  // under its own key, and the server keeps each once (QA AAB-2: glued, they went as a new message).
  const unsent = useRef<QueuedMessage[]>((kept?.resend ?? []).map((message) => ({ ...message, files: [] })));
  // The server was not reached (or its answer was lost: it may have the message): the messages wait
  // in the queue, under their keys, to be asked again once the connection is back or after RESEND_MS,
  // not back in the field, where one the server has came back as unsent and those after it were
  // glued to it into one text (QA YYY-3).
  const [waiting, setWaiting] = useState(false);
  const waitingNow = useRef(false);
  waitingNow.current = waiting;
  const sending = send.isPending;

  // Kept as it changes, not as the composer goes: a send that fails after the conversation was left
  // puts its text back after the unmount.
  const change = (next: (current: Draft) => Draft) => {
    latest.current = next(latest.current);
    setDraft(latest.current);
    saveDraft(draftKey, { text: latest.current.text, resend: unsent.current.length > 0 ? unsent.current.map(({ key, text }) => ({ key, text })) : null }, latest.current.files);
  };

  // Leaving the conversation does not cancel a send in flight, nor those queued after it: they go
  // (QA YYY-2: another conversation opened while one went cancelled it unsaid). Those waiting for the
  // connection come back into the kept draft, and a toast says so. Not at once: StrictMode's trial
  // unmount is followed at once by a mount again.
  useEffect(() => {
    mounted.current = true;
    if (queue.current.length > 0) void sendQueued();
    if (initialDraft) change((now) => now);
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        if (!mounted.current && waitingNow.current && queue.current.length > 0) giveBack(queue.current.splice(0), TEXTS.sendError);
      });
    };
    // Once, as the composer opens: what it was handed goes, and is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  const takeBack = useRef(giveBack);
  takeBack.current = giveBack;
  useEffect(() => {
    if (draftKey === null) return undefined;
    const take = (messages: QueuedMessage[], why: string) => takeBack.current(messages, why);
    openComposers.set(draftKey, take);
    return () => {
      if (openComposers.get(draftKey) === take) openComposers.delete(draftKey);
    };
  }, [draftKey]);
  // After the mount, into the status already there: what a live region starts with is not said.
  useEffect(() => {
    if (announceSent) saySent();
  }, [announceSent, saySent]);
  // «No connection» is not kept past the connection's return: the text waits in the field to be sent.
  useEffect(() => onlineManager.subscribe((online) => online && setError((now) => (now === TEXTS.offline ? undefined : now))), []);
  // Nor is «Сервер недоступен» past the socket's reconnect (or the browser's `online`), as a form's
  // alert (shared useConnectionBack): the thread is live again and the text waits to go (QA UU-3).
  useConnectionBack(saysUnreached(error), () => setError((now) => (saysUnreached(now) ? undefined : now)));
  // The messages waiting for the connection are asked again once it is back, or after RESEND_MS.
  const resend = useRef(() => {});
  resend.current = () => {
    setWaiting(false);
    setError((now) => (now === TEXTS.waitingToSend ? undefined : now));
    void sendQueued();
  };
  useConnectionBack(waiting, () => resend.current());
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => resend.current(), RESEND_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const form = useRef<HTMLFormElement>(null);
  const keepInView = useKeepInViewWhileTyping(form, field, touch);

  /**
   * Messages that did not go, and those waiting after them, back into the field in front of what it
   * holds; the conversation left, into its kept draft, and a toast says so, wherever the user is.
   */
  function giveBack(unsentMessages: QueuedMessage[], why: string) {
    // Left, and its conversation open again: its field is the one to take them (QA AAB-1: the
    // draft written under it was not read by the composer already open there, and was lost).
    const open = mounted.current || draftKey === null ? undefined : openComposers.get(draftKey);
    if (open) return open(unsentMessages, why);
    if (unsentMessages.length > 0) unsent.current = unsentMessages;
    change((now) => putBack(unsentMessages, now));
    setError(why);
    setWaiting(false);
    if (!mounted.current) bus.emit('toast:show', { type: 'error', message: `${why}. ${TEXTS.leftUnsent}` });
  }

  /** One message on its way; false when it did not go (then it, and those after it, are back in the field). */
  async function sendOne(outgoing: QueuedMessage): Promise<boolean> {
    // Offline, the query client would hold the send until the connection is back, the button
    // spinning with no word why.
    if (!onlineManager.isOnline() || navigator.onLine === false) {
      giveBack([outgoing, ...queue.current.splice(0)], TEXTS.offline);
      return false;
    }
    setSentNote(null);
    const current = new AbortController();
    controller.current = current;
    if (outgoing.files.length > 0) setProgress(0);
    setTextSend(outgoing.files.length > 0 ? null : current);
    try {
      // Awaited rather than `mutate`'s callbacks: a first message may replace this conversation
      // (and this field) before they would run, and `onSent` must still name the new one.
      const sent = await send.mutateAsync({ target, text: outgoing.text, files: outgoing.files, clientKey: outgoing.key, onProgress: setProgress, signal: current.signal });
      // A first message starts the conversation, and its own composer replaces this one: what waits
      // goes from there, to it.
      const starts = !('messagingId' in target) && onSent !== undefined;
      // That composer says it went (`announceSent`): said here as well, a screen reader heard it
      // twice, from two nodes 90 ms apart (QA FFF-3).
      if (!starts) saySent();
      // The field's text goes there too, and is kept there: not by the application any more.
      if (starts) saveDraft(draftKey, { text: '' });
      if (waitingNow.current) {
        setWaiting(false);
        setError((now) => (now === TEXTS.waitingToSend ? undefined : now));
      }
      // Left meanwhile: the page is elsewhere, and what waits goes from here, to the same target (a
      // conversation it started continues under the application).
      if (mounted.current) onSent?.(sent, latest.current, starts ? queue.current.splice(0) : []);
      return true;
    } catch (caught) {
      // A refusal of the text itself says what is wrong with it, not «Проверьте правильность заполнения полей».
      const refused = apiFieldErrors(caught, ['text']).text;
      const why = isAbort(caught) ? 'Отправка отменена' : (refused ?? apiErrorText(caught, TEXTS.sendError));
      if (!isAbort(caught) && saysUnreached(why) && mounted.current) {
        // Not reached, or its answer lost: it waits, first in the queue, to be asked again under its key.
        queue.current.unshift(outgoing);
        setWaiting(true);
        setError(TEXTS.waitingToSend);
        return false;
      }
      // A failure puts this one back in front of those after it: the user sends them again himself.
      setRefusedText(refused);
      giveBack([outgoing, ...queue.current.splice(0)], why);
      return false;
    } finally {
      if (mounted.current) setTextSend((now) => (now === current ? null : now));
      setProgress(null);
      if (controller.current === current) controller.current = null;
    }
  }

  /** Sends what waits, one message after another, in the order of the Enters. */
  async function sendQueued() {
    if (sendingQueue.current) return;
    sendingQueue.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        if (!(await sendOne(next))) return;
      }
    } finally {
      sendingQueue.current = false;
    }
  }

  /**
   * Takes what the field holds as the next message, in the order of the Enters: the field is the
   * next message's at once, so what is typed while one goes is neither glued to it nor erased.
   */
  function submit() {
    const outgoing = latest.current;
    const text = outgoing.text.trim();
    // A second Enter on the field just emptied by the first is no mistake to point out. Blank as the
    // contract reads it: characters that show nothing (zero-width spaces) went to the server's 422 (QA AAS-1).
    if (isBlankText(text) && outgoing.files.length === 0) return sendingQueue.current ? undefined : refuseText(MESSAGING_MESSAGES.empty);
    const invalid = textError(text);
    // Too long is said by the field for as long as it is so (`tooLong`), not kept past the fix.
    if (invalid) return measuredLength(text) > MESSAGE_TEXT_MAX ? setError(undefined) : refuseText(invalid);
    // A failed send puts its files back in front of newly chosen ones: together they may be too many.
    if (outgoing.files.length > MESSAGE_MAX_FILES) return setError(MESSAGING_MESSAGES.tooManyFiles);
    // Said at once, the text left in the field (sendOne says it again for one that waited).
    if (!onlineManager.isOnline() || navigator.onLine === false) return setError(TEXTS.offline);
    setError(undefined);
    const again = unsent.current;
    unsent.current = [];
    change(() => EMPTY_DRAFT);
    queue.current.push(...sentAgain(again, { text, files: outgoing.files }));
    void sendQueued();
  }

  /**
   * The text cannot go as it is: said, the field marked invalid and given the focus (from
   * «Отправить» too), as every other form does with its first invalid field (QA NN-3).
   */
  function refuseText(message: string) {
    setRefusedText(message);
    setError(message);
    field.current?.focus();
  }

  /**
   * The text's own refusal is stale once the text changes: it goes, and the field is no longer marked
   * invalid while the user writes the message it asked for (QA QQ-2), as every other form re-validates.
   */
  function forgetRefusal() {
    if (refusedText === undefined) return;
    setError((now) => (now === refusedText ? undefined : now));
    setRefusedText(undefined);
  }

  /**
   * Cancels the message on its way, or those waiting for the connection: their text and files come
   * back to the field, which takes the focus (the button goes).
   */
  function cancel() {
    if (waiting) giveBack(queue.current.splice(0), 'Отправка отменена');
    else controller.current?.abort();
    field.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (touch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
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
      // At the screen's bottom on a phone: the shell's toasts come at the top over it (QA YY-4).
      data-bottom-actions=""
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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
          forgetRefusal();
        }}
        onKeyDown={onKeyDown}
        onFocus={keepInView}
        error={tooLong}
        aria-invalid={shownError !== undefined && shownError === refusedText ? true : undefined}
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
      {((slow && progress === null) || waiting) && (
        <div className="msg-attachments__progress">
          {!waiting && <span role="status">Сообщение ещё отправляется…</span>}
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
