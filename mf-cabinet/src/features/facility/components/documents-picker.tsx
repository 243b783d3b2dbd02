import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, formatFileSize, MAX_FILE_BYTES, UPLOAD_ACCEPT, UPLOAD_FILE_TYPES, sortChosenFiles } from 'shared';
import { FACILITY_MAX_FILES, FACILITY_TOO_MANY_FILES_MESSAGE, FileInput } from 'shared/lk';
import type { PendingDocument } from '../api/save-facility';

const TYPES_HINT = `${Object.keys(UPLOAD_FILE_TYPES)
  .map((ext) => ext.toUpperCase())
  .join(', ')}; до ${formatFileSize(MAX_FILE_BYTES)} каждый. Документы загрузятся при сохранении объекта.`;

export interface DocumentsPickerProps {
  documents: readonly PendingDocument[];
  onChange: (documents: PendingDocument[]) => void;
  disabled: boolean;
  /** 0…1 while the form is being sent; null otherwise. */
  progress: number | null;
}

let nextKey = 1;

/**
 * Files to send with the facility, each marked public (anyone may download it) or private (only
 * this profile). A file the API would refuse is refused here, by name, before anything is sent.
 */
export function DocumentsPicker({ documents, onChange, disabled, progress }: DocumentsPickerProps) {
  const id = useId();
  const [error, setError] = useState('');
  const percent = Math.round((progress ?? 0) * 100);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // The pressed «Убрать» goes with its row: the focus to the next row's (or the last one's), else
  // to the file input, rather than to the body.
  function removeAt(index: number) {
    const buttons = list.current ? [...list.current.querySelectorAll<HTMLButtonElement>('[data-remove-document]')] : [];
    const next = buttons[index + 1] ?? buttons[index - 1];
    onChange(documents.filter((_, other) => other !== index));
    (next ?? fileInput.current)?.focus();
  }

  function add(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // Cleared, so that choosing the same file again is a change too.
    event.currentTarget.value = '';
    const sorted = sortChosenFiles(chosen);
    const accepted = sorted.accepted.map((file) => ({ key: `doc-${nextKey++}`, file, public: false }));
    const messages = [...sorted.refusals];
    if (documents.length + accepted.length > FACILITY_MAX_FILES * 2) messages.push(FACILITY_TOO_MANY_FILES_MESSAGE);
    setError(messages.join('. '));
    if (accepted.length > 0) onChange([...documents, ...accepted]);
  }

  return (
    <fieldset className="facility-fieldset" aria-describedby={`${id}-hint`}>
      <legend>Документы</legend>
      <p id={`${id}-hint`} className="facility-muted">
        {TYPES_HINT}
      </p>
      {documents.length > 0 && (
        <ul ref={list} className="facility-files" aria-label="Документы к загрузке">
          {documents.map((doc, index) => (
            <li key={doc.key} className="facility-file">
              <div>
                <p className="facility-file__name">{doc.file.name}</p>
                <p className="facility-muted">{formatFileSize(doc.file.size)}</p>
              </div>
              <div className="facility-file__actions">
                <label className="facility-checkbox">
                  <input
                    type="checkbox"
                    checked={doc.public}
                    disabled={disabled}
                    onChange={(event) => {
                      const isPublic = event.currentTarget.checked;
                      onChange(documents.map((other) => (other.key === doc.key ? { ...other, public: isPublic } : other)));
                    }}
                  />
                  <span>Виден всем: «{doc.file.name}»</span>
                </label>
                <Button variant="ghost" size="sm" disabled={disabled} data-remove-document onClick={() => removeAt(index)}>
                  Убрать «{doc.file.name}»
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
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
