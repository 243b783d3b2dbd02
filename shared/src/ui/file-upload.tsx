import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage, UPLOAD_ACCEPT, uploadFile, uploadRefusal, MAX_FILE_BYTES, UPLOAD_FILE_TYPES, formatFileSize, Button, type CallData, type UploadCall } from 'shared';
// With the component, in `shared/lk`: only the cabinet's pages upload, so no public page's start or
// server-rendered styles carry these rules.
import './file-upload.css';

export const UPLOAD_ERROR_MESSAGE = 'Не удалось загрузить файл';
const TYPES_HINT = `${Object.keys(UPLOAD_FILE_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(', ')}; до ${formatFileSize(MAX_FILE_BYTES)}`;

export interface FileUploadProps<C extends UploadCall> {
  label: string;
  /** The contract's upload call (`kind: 'upload'`). */
  call: C;
  /** Its multipart fields besides the file, e.g. `{ id: '12' }`. */
  fields: Record<string, string>;
  onUploaded: (data: CallData<C>) => void;
  disabled?: boolean;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * A labelled file input that uploads the chosen file at once: its name, a progress bar with the
 * percent, a cancel button, and the failure in Russian (role=alert). A file the API would refuse
 * (size, type) is refused before any request.
 */
export function FileUpload<C extends UploadCall>({ label, call, fields, onUploaded, disabled = false }: FileUploadProps<C>) {
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

  async function upload(file: File) {
    setFileName(file.name);
    setError('');
    setStatus('');
    const refusal = uploadRefusal(file);
    if (refusal) {
      setError(refusal.message);
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      const { data } = await uploadFile(call, { fields, file, onProgress: setProgress, signal: current.signal });
      setStatus(`Файл «${file.name}» загружен`);
      onUploaded(data);
    } catch (caught) {
      if (isAbort(caught)) setStatus('Загрузка отменена');
      else setError(errorMessage(caught, UPLOAD_ERROR_MESSAGE));
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared, so that choosing the same file again (after a failure) is a change too.
    event.currentTarget.value = '';
    if (file) void upload(file);
  }

  return (
    <div className={['ui-file-upload', error && 'ui-file-upload--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="ui-file-upload__label">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        className="ui-file-upload__input"
        accept={UPLOAD_ACCEPT}
        disabled={disabled || uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={handleChange}
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
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
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
