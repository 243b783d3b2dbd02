import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { apiErrorText, Button, TextAreaField, UPLOAD_ACCEPT, uploadRefusal } from 'shared';
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
import { TEXTS } from '../lib/texts';
import { Attachments } from './attachments';

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Why the text cannot go (length, characters), by the contract's own rule. */
function textError(text: string): string | undefined {
  const parsed = messageCreateFieldsSchema.safeParse({ messagingId: 1, text });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'text')?.message;
}

export interface ComposerProps {
  target: MessageTarget;
  onSent?: (message: Message) => void;
  autoFocus?: boolean;
}

/** The new message: Enter sends, Shift+Enter breaks the line; files go along with upload progress. */
export function Composer({ target, onSent, autoFocus = false }: ComposerProps) {
  const fileInputId = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage();
  const sending = send.isPending;

  // Leaving the conversation cancels a send in flight.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  async function submit() {
    if (sending) return;
    const message = text.trim();
    if (!message && files.length === 0) return setError(MESSAGING_MESSAGES.empty);
    const invalid = textError(message);
    if (invalid) return setError(invalid);
    setError(undefined);
    const current = new AbortController();
    controller.current = current;
    if (files.length > 0) setProgress(0);
    try {
      // Awaited rather than `mutate`'s callbacks: a first message may replace this conversation
      // (and this field) before they would run, and `onSent` must still name the new one.
      const sent = await send.mutateAsync({ target, text: message, files, onProgress: setProgress, signal: current.signal });
      setText('');
      setFiles([]);
      onSent?.(sent);
    } catch (caught) {
      setError(isAbort(caught) ? 'Отправка отменена' : apiErrorText(caught, TEXTS.sendError));
    } finally {
      setProgress(null);
      if (controller.current === current) controller.current = null;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Cleared, so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    const refused = chosen.map((file) => [file, uploadRefusal(file)] as const).find(([, refusal]) => refusal);
    if (refused) return setError(`«${refused[0].name}»: ${refused[1]!.message}`);
    if (files.length + chosen.length > MESSAGE_MAX_FILES) return setError(MESSAGING_MESSAGES.tooManyFiles);
    setError(undefined);
    setFiles((current) => [...current, ...chosen]);
  }

  return (
    <form
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
        hint={TEXTS.composerHint}
        rows={2}
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        error={error}
        textareaClassName="msg-composer__text"
      />
      <Attachments files={files} disabled={sending} progress={progress} onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))} onCancel={() => controller.current?.abort()} />
      <div className="msg-composer__actions">
        <FileInput id={fileInputId} multiple accept={UPLOAD_ACCEPT} disabled={sending} onChange={onFiles} buttonText="Прикрепить файлы" />
        <Button type="submit" loading={sending}>
          Отправить
        </Button>
      </div>
    </form>
  );
}
