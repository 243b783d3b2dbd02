import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, FieldRefusalStatus, formatFileSize, MAX_FILE_BYTES, UPLOAD_ACCEPT, UPLOAD_FILE_TYPES, sortChosenFiles, useSaidStatus } from 'shared';
import { FACILITY_MAX_FILES, FACILITY_TOO_MANY_FILES_MESSAGE, FileInput } from 'shared/lk';
import type { PendingDocument } from '../api/save-facility';

const TYPES_HINT = `${Object.keys(UPLOAD_FILE_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(', ')}; до ${formatFileSize(MAX_FILE_BYTES)} каждый, не больше ${FACILITY_MAX_FILES} за один раз. Документы загрузятся при сохранении объекта.`;

export interface DocumentsPickerProps {
  documents: readonly PendingDocument[];
  onChange: (documents: PendingDocument[]) => void;
  disabled: boolean;
  /** 0…1 while the form is being sent; null otherwise. */
  progress: number | null;
  /** The server's refusal of a file the last save sent, by the document's key (`refusedDocuments`). */
  refusals?: Readonly<Record<string, string>>;
}

const NO_REFUSALS: Readonly<Record<string, string>> = {};

let nextKey = 1;

/** The same file chosen again (its name, size and time): a save would keep one of them (QA DDD-5). */
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
const alreadyChosenMessage = (name: string) => `Файл «${name}» уже выбран`;
/** What a choice added, said as the focus stays on the file input (QA JJJ-2). */
const addedMessage = (names: readonly string[]) =>
  names.length === 1
    ? `Добавлен файл «${names[0]}»: загрузится при сохранении объекта`
    : `Добавлено файлов: ${names.length} (${names.map((name) => `«${name}»`).join(', ')}): загрузятся при сохранении объекта`;

/**
 * Files to send with the facility, each marked public (anyone may download it) or private (only
 * this profile). A file the API would refuse is refused here, by name, before anything is sent.
 */
export function DocumentsPicker({ documents, onChange, disabled, progress, refusals = NO_REFUSALS }: DocumentsPickerProps) {
  const id = useId();
  const [error, setError] = useState('');
  const [added, sayAdded] = useSaidStatus();
  const percent = Math.round((progress ?? 0) * 100);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // A refusal from the server arrives while the form is still busy (its buttons disabled): the
  // focus goes to the first refused file's «Убрать» once it can take it, and with it its message is
  // read — the one way out for that file.
  const focusRefused = useRef(false);
  useEffect(() => {
    focusRefused.current = Object.keys(refusals).length > 0;
  }, [refusals]);
  useEffect(() => {
    if (disabled || !focusRefused.current) return;
    focusRefused.current = false;
    list.current?.querySelector<HTMLButtonElement>('[data-refused] [data-remove-document]')?.focus();
  }, [disabled, refusals]);

  // The pressed «Убрать» goes with its row: the focus to the next row's (or the last one's), else
  // to the file input, rather than to the body.
  function removeAt(index: number) {
    const buttons = list.current ? [...list.current.querySelectorAll<HTMLButtonElement>('[data-remove-document]')] : [];
    const next = buttons[index + 1] ?? buttons[index - 1];
    onChange(documents.filter((_, other) => other !== index));
    sayAdded('');
    (next ?? fileInput.current)?.focus();
  }

  function add(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Cleared, so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    const sorted = sortChosenFiles(chosen);
    // A file listed already, or twice in this choice, is listed once: the save would keep one.
    const fresh: File[] = [];
    const repeated = new Set<string>();
    for (const file of sorted.accepted) {
      if ([...documents.map((doc) => doc.file), ...fresh].some((other) => sameFile(other, file))) repeated.add(file.name);
      else fresh.push(file);
    }
    const accepted = fresh.map((file) => ({ key: `doc-${nextKey++}`, file, public: false }));
    const messages = [...sorted.refusals, ...[...repeated].map(alreadyChosenMessage)];
    // One save sends at most FACILITY_MAX_FILES, as the API takes them in one request. A choice
    // that would pass it is not added at all (as the composer does), and the room left is said.
    const room = FACILITY_MAX_FILES - documents.length;
    const fits = accepted.length <= room;
    if (!fits) messages.push(room > 0 && documents.length > 0 ? `${FACILITY_TOO_MANY_FILES_MESSAGE}: можно добавить ещё ${room}` : FACILITY_TOO_MANY_FILES_MESSAGE);
    setError(messages.join('. '));
    const adding = fits && accepted.length > 0;
    if (adding) onChange([...documents, ...accepted]);
    sayAdded(adding ? addedMessage(accepted.map((doc) => doc.file.name)) : '');
  }

  return (
    <fieldset className="facility-fieldset" aria-describedby={`${id}-hint`}>
      <legend>Документы</legend>
      <p id={`${id}-hint`} className="facility-muted">
        {TYPES_HINT}
      </p>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="ui-file-upload__label">
        Добавить документы
      </label>
      <FileInput
        ref={fileInput}
        id={`${id}-input`}
        multiple
        accept={UPLOAD_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={add}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="facility-form__error">
          {error}
        </p>
      )}
      <FieldRefusalStatus said={added} />
      {/* After the input: the rows a choice adds are the next Tab stops, with their «Виден всем» (QA JJJ-2). */}
      {documents.length > 0 && (
        <ul ref={list} className="facility-files" aria-label="Документы к загрузке">
          {documents.map((doc, index) => {
            const refusal = refusals[doc.key];
            const refusalId = `${id}-${doc.key}-refusal`;
            return (
              <li key={doc.key} className={refusal ? 'facility-file facility-file--refused' : 'facility-file'} data-refused={refusal ? true : undefined}>
                <div>
                  <p className="facility-file__name">{doc.file.name}</p>
                  <p className="facility-muted">{formatFileSize(doc.file.size)}</p>
                  {/* The server's words, read with the row's controls: which file to take out, and why. */}
                  {refusal && (
                    <p id={refusalId} className="facility-form__error">
                      {refusal}
                    </p>
                  )}
                </div>
                <div className="facility-file__actions">
                  <label className="facility-checkbox">
                    <input
                      type="checkbox"
                      checked={doc.public}
                      disabled={disabled}
                      aria-describedby={refusal ? refusalId : undefined}
                      onChange={(event) => {
                        const isPublic = event.currentTarget.checked;
                        onChange(documents.map((other) => (other.key === doc.key ? { ...other, public: isPublic } : other)));
                      }}
                    />
                    <span>Виден всем: «{doc.file.name}»</span>
                  </label>
                  <Button variant="ghost" size="sm" disabled={disabled} data-remove-document aria-describedby={refusal ? refusalId : undefined} onClick={() => removeAt(index)}>
                    Убрать «{doc.file.name}»
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {progress !== null && documents.length > 0 && (
        <div className="facility-progress">
          <progress max={100} value={percent} aria-label="Загрузка документов">
            {percent}%
          </progress>
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
    </fieldset>
  );
}
