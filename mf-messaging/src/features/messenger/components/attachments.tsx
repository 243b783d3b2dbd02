import { Button, formatFileSize, pluralize, useFocusAfterRemovedButton } from 'shared';

export interface AttachmentsProps {
  /** The next message's files (those of a message on its way are no longer here). */
  files: readonly File[];
  onRemove: (index: number) => void;
  /** Takes the focus when the last file is removed by its «Убрать» (the way to choose files again). */
  onEmptied: () => void;
  /** 0…1 while a message's files are being sent. */
  progress: number | null;
  onCancel: () => void;
}

/**
 * The files chosen for the next message: each can be removed before sending; the upload's progress.
 * A «Убрать» pressed hands the focus to the next file's (the previous one's after the last file),
 * rather than letting it fall to the page with its row.
 */
export function Attachments({ files, onRemove, onEmptied, progress, onCancel }: AttachmentsProps) {
  const { list, removed } = useFocusAfterRemovedButton<HTMLUListElement>(files, onEmptied);
  if (files.length === 0 && progress === null) return null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="msg-attachments">
      {/* Said to a screen reader (QA K): how many files go with the message, and the sending by quarters, not every percent. */}
      <p role="status" className="ui-visually-hidden">
        {progress !== null ? `Отправка файлов: ${Math.floor(percent / 25) * 25}%` : `${pluralize(files.length, ['Прикреплён', 'Прикреплено', 'Прикреплено'])} ${files.length} ${pluralize(files.length, ['файл', 'файла', 'файлов'])}`}
      </p>
      {files.length > 0 && (
        <ul ref={list} className="msg-attachments__list" aria-label="Вложения">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="msg-attachment">
              <span className="msg-attachment__name">{file.name}</span>
              <span className="msg-attachment__size">{formatFileSize(file.size)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Убрать файл «${file.name}»`}
                onClick={() => {
                  removed(index);
                  onRemove(index);
                }}
              >
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="msg-attachments__progress">
          <progress max={100} value={percent} aria-label="Отправка файлов">
            {percent}%
          </progress>
          <span className="msg-attachments__percent" aria-hidden="true">
            {percent}%
          </span>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Отменить отправку
          </Button>
        </div>
      )}
    </div>
  );
}
