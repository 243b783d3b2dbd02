import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type DragEvent, type InputHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { errorMessage, isApiError, UPLOAD_ACCEPT, uploadFile, uploadRefusal, MAX_FILE_BYTES, UPLOAD_FILE_TYPES, formatFileSize, Button, focusLost, useMergedRef, type CallData, type UploadCall } from 'shared';
// With the component, in `shared/lk`: only the cabinet's pages upload, so no public page's start or
// server-rendered styles carry these rules.
import './file-upload.css';

export const UPLOAD_ERROR_MESSAGE = 'Не удалось загрузить файл';
/**
 * The upload went, its answer did not come (`ApiError.outcomeUnknown`): the server may have kept the
 * file, and the same file sent again answers the document kept then (the API adds it once, QA CCC-2;
 * a contract or report the current version, QA EEE-1). Said so for a cut in the middle of the file
 * too: the browser cannot tell how much of it the server got (QA HHH-1).
 */
export const UPLOAD_UNANSWERED_MESSAGE = 'Ответ сервера не получен: документ мог сохраниться. Загрузите его ещё раз — второй копии не появится.';
const TYPES_HINT = `${Object.keys(UPLOAD_FILE_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(', ')}; до ${formatFileSize(MAX_FILE_BYTES)}`;

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id'> {
  id: string;
  /** The button's text; «Выбрать файл» (or «Выбрать файлы» for `multiple`) unless given. */
  buttonText?: string;
  /**
   * Given, a choice waits for a question first (a replacement that drops signatures): the picker
   * does not open and a dropped file is held until `choose` is called — from the answer's click,
   * which opens the picker (a browser opens none without one). A click leaves the focus on the
   * input, so a dialog asking gives it back there.
   */
  askFirst?: (choose: () => void) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file input whose button speaks Russian in any browser. A bare input's button and its «No file
 * chosen» come in the browser's own language (an English Chromium said «Choose File»). The native
 * input stays, visually hidden but focusable, so the keyboard and screen readers use it as before;
 * a label drawn as a button after it (beside the field's own label, if any) is what one sees and
 * clicks, and its text is part of the input's name (what voice control hears). Files dropped on the
 * button go to the input, as they did on the bare one.
 *
 * A screen reader browsing met the button's words twice: in the input's name, then as the label's
 * own text. So the input is named by `aria-labelledby` from its labels (each in place, the same
 * words as before) and the drawn button is hidden from screen readers — when every label of the
 * input has an id to point to. A field's label without one keeps the labels as they were (heard
 * twice rather than lost from the name); one given `aria-label`/`aria-labelledby` is left alone.
 */
export function FileInput({ id, buttonText, askFirst, ref, ...input }: FileInputProps) {
  const own = useRef<HTMLInputElement | null>(null);
  const [over, setOver] = useState(false);
  const buttonId = `${id}-button`;
  const named = input['aria-label'] !== undefined || input['aria-labelledby'] !== undefined;
  // The input's labels in the page's order (the button's among them), once each can be pointed to.
  const [labelledBy, setLabelledBy] = useState<string | null>(null);
  useEffect(() => {
    const ids = Array.from(own.current?.labels ?? [], (label) => label.id);
    setLabelledBy(named || ids.length === 0 || ids.some((labelId) => !labelId) ? null : ids.join(' '));
  });
  const setRef = useMergedRef(own, ref);
  /** The click `choose` makes: it opens the picker. */
  const answered = useRef(false);

  function click(event: MouseEvent<HTMLInputElement>) {
    input.onClick?.(event);
    if (!askFirst || answered.current || event.defaultPrevented) return;
    event.preventDefault();
    const target = event.currentTarget;
    target.focus();
    askFirst(() => {
      answered.current = true;
      target.click();
      answered.current = false;
    });
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    const target = own.current;
    const { files } = event.dataTransfer;
    if (!target || target.disabled || files.length === 0) return;
    const take = () => {
      target.files = files;
      // React hears a file input's changes through the native `change` event.
      target.dispatchEvent(new Event('change', { bubbles: true }));
    };
    if (askFirst) askFirst(take);
    else take();
  }

  return (
    <span
      className={over ? 'ui-file-input ui-file-input--over' : 'ui-file-input'}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files') || own.current?.disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        {...input}
        ref={setRef}
        id={id}
        type="file"
        onClick={click}
        className="ui-visually-hidden ui-file-input__control"
        aria-labelledby={labelledBy ?? input['aria-labelledby']}
      />
      <label id={buttonId} htmlFor={id} className="ui-button ui-button--secondary ui-button--md ui-file-input__button" aria-hidden={labelledBy ? true : undefined}>
        {buttonText ?? (input.multiple ? 'Выбрать файлы' : 'Выбрать файл')}
      </label>
    </span>
  );
}

export interface FileUploadProps<C extends UploadCall> {
  label: string;
  /** The contract's upload call (`kind: 'upload'`). */
  call: C;
  /** Its multipart fields besides the file, e.g. `{ id: '12' }`. */
  fields: Record<string, string>;
  onUploaded: (data: CallData<C>) => void;
  disabled?: boolean;
  /** Given, a choice waits for `choose` (`FileInput`'s `askFirst`). */
  askFirst?: (choose: () => void) => void;
  /**
   * Whether its status says «Файл «…» загружен». `false` where the caller's own success toast says
   * the upload is done (a contract, a report): heard once, not twice.
   */
  announceUploaded?: boolean;
  /** A file starts going up, or no longer does (done, failed, cancelled): leaving meanwhile would drop it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The upload failed (not cancelled), after its message is shown: e.g. a page that was stale reads itself again. */
  onFailed?: (error: unknown) => void;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

const ONE_AT_A_TIME = 'можно загрузить один файл за раз';
/** «b.pdf» и «c.pdf»; past three names, how many more. */
function fileNames(files: readonly File[]): string {
  const names = files.slice(0, 3).map((file) => `«${file.name}»`);
  if (files.length > 3) return `${names.join(', ')} и ещё ${files.length - 3}`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} и ${names.at(-1)}` : names.join('');
}
/** What a drop of several files left out: the component uploads one (a contract, a report, a document). */
const skippedText = (skipped: readonly File[]) =>
  skipped.length === 1
    ? `Файл ${fileNames(skipped)} не загружен: ${ONE_AT_A_TIME}`
    : `Файлы ${fileNames(skipped)} не загружены: ${ONE_AT_A_TIME}`;

/**
 * A labelled file input that uploads the chosen file at once: its name, a progress bar with the
 * percent, a cancel button, and the failure in Russian (role=alert). A file the API would refuse
 * (size, type) is refused before any request. One file per upload (each call takes one, and a
 * contract's or report's upload is a new version): the picker offers one, and of several dropped
 * on it the first goes up while the status names the ones that did not.
 */
export function FileUpload<C extends UploadCall>({
  label,
  call,
  fields,
  onUploaded,
  disabled = false,
  announceUploaded = true,
  askFirst,
  onUploadingChange,
  onFailed,
}: FileUploadProps<C>) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const controller = useRef<AbortController | null>(null);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  // Leaving the page cancels an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);
  const uploadingChanged = useRef(onUploadingChange);
  uploadingChanged.current = onUploadingChange;
  const toldUploading = useRef(false);
  useEffect(() => {
    if (uploading === toldUploading.current) return;
    toldUploading.current = uploading;
    uploadingChanged.current?.(uploading);
  }, [uploading]);
  // Gone mid-upload (the upload aborted with it): the owner hears it is over.
  useEffect(() => () => void (toldUploading.current && uploadingChanged.current?.(false)), []);

  // The input is disabled while it uploads, and the browser drops a disabled control's focus (and
  // the cancel button's, which goes) to <body>. A file chosen from the focused input (or with the
  // focus lost) hands it to «Отменить загрузку», the one thing to do meanwhile; once it is done
  // (or cancelled) the focus is back on the input. In the commit that disables or removes, before
  // the browser paints or blurs: a screen reader never lands on <body> in between.
  const input = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const focusToCancel = useRef(false);
  const wasUploading = useRef(false);
  useLayoutEffect(() => {
    if (uploading && focusToCancel.current) cancelButton.current?.focus();
    else if (wasUploading.current && !uploading && focusLost()) input.current?.focus();
    focusToCancel.current = false;
    wasUploading.current = uploading;
  }, [uploading]);

  async function upload(file: File, skipped: readonly File[]) {
    // Said with whatever the status says next: the files left out are not uploaded by anyone.
    const withSkipped = (text: string) => [text, skipped.length > 0 && skippedText(skipped)].filter(Boolean).join('. ');
    setFileName(file.name);
    setError('');
    setStatus('');
    const refusal = uploadRefusal(file);
    if (refusal) {
      setError(refusal.message);
      setStatus(withSkipped(''));
      return;
    }
    const current = new AbortController();
    controller.current = current;
    focusToCancel.current = document.activeElement === input.current || focusLost();
    setProgress(0);
    if (skipped.length > 0) setStatus(`Можно загрузить один файл за раз: загружаем «${file.name}»`);
    try {
      const { data } = await uploadFile(call, { fields, file, onProgress: setProgress, signal: current.signal });
      // Under the name the server kept (a picture named .pdf is stored as .pdf.png): the one the list shows.
      const stored = (data as { name?: unknown } | null)?.name;
      const kept = typeof stored === 'string' && stored ? stored : file.name;
      setStatus(withSkipped(announceUploaded ? (kept === file.name ? `Файл «${kept}» загружен` : `Файл «${file.name}» загружен как «${kept}»`) : ''));
      onUploaded(data);
    } catch (caught) {
      if (isAbort(caught)) setStatus(withSkipped('Загрузка отменена'));
      else {
        setError(isApiError(caught) && caught.outcomeUnknown ? UPLOAD_UNANSWERED_MESSAGE : errorMessage(caught, UPLOAD_ERROR_MESSAGE));
        setStatus(withSkipped(''));
        onFailed?.(caught);
      }
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const [file, ...skipped] = Array.from(event.currentTarget.files ?? []);
    // Cleared, so that choosing the same file again (after a failure) is a change too.
    event.currentTarget.value = '';
    if (file) void upload(file, skipped);
  }

  return (
    <div className={['ui-file-upload', error && 'ui-file-upload--invalid'].filter(Boolean).join(' ')}>
      <label id={`${id}-label`} htmlFor={inputId} className="ui-file-upload__label">
        {label}
      </label>
      <FileInput
        ref={input}
        id={inputId}
        accept={UPLOAD_ACCEPT}
        disabled={disabled || uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={handleChange}
        askFirst={askFirst}
      />
      <p id={hintId} className="ui-file-upload__hint">
        {TYPES_HINT}
      </p>
      {uploading && (
        <div className="ui-file-upload__progress">
          <span className="ui-file-upload__name">{fileName}</span>
          <progress max={100} value={percent} aria-label={`Загрузка файла «${fileName}»`}>
            {percent}%
          </progress>
          <span className="ui-file-upload__percent" aria-hidden="true">
            {percent}%
          </span>
          <Button ref={cancelButton} variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            Отменить загрузку
          </Button>
        </div>
      )}
      <p role="status" className={status ? 'ui-file-upload__status' : 'ui-visually-hidden'}>
        {status}
      </p>
      {error && (
        <p id={errorId} role="alert" className="ui-file-upload__error">
          {fileName ? `«${fileName}»: ${error}` : error}
        </p>
      )}
    </div>
  );
}
