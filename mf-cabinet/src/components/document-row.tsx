import { useState, type ReactNode } from 'react';
import { apiErrorText, bus, Button, isNotFoundStatus, quoted, toastFormFailure } from 'shared';
import { ConfirmDialog } from 'shared/lk';
import { removeControl, type RemovalDone } from '../lib/use-focus-after-removal';
import './document-row.css';

export const DOCUMENT_ALREADY_DELETED = 'Документ уже удалён';
const DELETE_FAILED = 'Не удалось удалить документ';

/** The delete mutation of one document (its feature's hook), by the document's id. */
export interface DocumentDeletion {
  mutateAsync: (id: number) => Promise<{ message?: string | undefined }>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

export interface DocumentRemoval {
  /** The list's kind for useFocusAfterRemoval, and its `prepare`: where the focus goes once the row is gone. */
  rows: string;
  prepare: (id: number) => RemovalDone;
  mutation: DocumentDeletion;
  /** The confirmation's text: what goes with the document. */
  description: string;
  /** The success toast when the server's answer carries no message. */
  deleted: string;
}

export interface DocumentRowProps {
  id: number;
  name: string;
  /** The line under the name: size, date… */
  meta: ReactNode;
  /** Actions of the document's own under its meta line, before «Скачать» in the focus order (the facility's «Виден всем»). */
  extraActions?: ReactNode;
  /** Fetches the file (downloadFile, which toasts a failure itself); «Скачать» spins until it settles. */
  download: () => Promise<unknown>;
  /** Absent for a user who may not delete the document: no «Удалить». */
  removal?: DocumentRemoval | undefined;
}

/**
 * A stored document's row: its name and meta line (and extra actions) over «Скачать» and «Удалить»
 * on a phone, beside them when there is room, the same for a short name and a long one
 * (document-row.css). «Удалить» asks
 * first; a refusal stays in the dialog, a document deleted meanwhile (404) goes as if deleted now.
 */
export function DocumentRow({ id, name, meta, extraActions, download, removal }: DocumentRowProps) {
  // As «Скачать …», «Удалить …» say it: in «ёлочки», not doubled around a name that has its own.
  const quotedName = quoted(name);
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState(false);

  function startDownload() {
    setDownloading(true);
    void download().finally(() => setDownloading(false));
  }

  return (
    <li className="cabinet-document">
      <div className="cabinet-document__info">
        <p className="cabinet-document__name">{name}</p>
        <p className="cabinet-document__meta">{meta}</p>
        {extraActions && <div className="cabinet-document__extra">{extraActions}</div>}
      </div>
      <div className="cabinet-document__actions">
        <Button size="sm" variant="secondary" loading={downloading} aria-label={`Скачать ${quotedName}`} onClick={startDownload}>
          Скачать
        </Button>
        {removal && (
          <Button
            size="sm"
            variant="ghost"
            className="cabinet-document__delete"
            aria-label={`Удалить ${quotedName}`}
            aria-haspopup="dialog"
            {...removeControl(removal.rows, id)}
            onClick={() => setAsking(true)}
          >
            Удалить
          </Button>
        )}
      </div>
      {removal && asking && <RemoveDialog id={id} removal={removal} onClose={() => setAsking(false)} />}
    </li>
  );
}

function RemoveDialog({ id, removal, onClose }: { id: number; removal: DocumentRemoval; onClose: () => void }) {
  const { mutation, prepare, description, deleted } = removal;

  // A promise rather than `mutate`'s callbacks: the list asked for again drops this row, and
  // callbacks of an unmounted component do not run. Done, the dialog is not closed but goes with
  // the row: closed first, it would give the focus back to its opener, which the row then takes
  // away to the body. The focus then goes to the next document's «Удалить» (useFocusAfterRemoval).
  async function remove() {
    const removed = prepare(id);
    try {
      const { message } = await mutation.mutateAsync(id);
      bus.emit('toast:show', { type: 'success', message: message || deleted });
      removed();
    } catch (error) {
      // Refused: the dialog's alert says why, and the error toast of spec §7 shows it, silent.
      if (!isNotFoundStatus(error)) return toastFormFailure(apiErrorText(error, DELETE_FAILED), error);
      // The mutation asked for the list again on a 404 (deleted meanwhile, in another tab).
      bus.emit('toast:show', { type: 'info', message: DOCUMENT_ALREADY_DELETED });
      removed();
    }
  }

  const refused = mutation.isError && !isNotFoundStatus(mutation.error);
  return (
    <ConfirmDialog
      title="Удалить документ?"
      description={description}
      confirmLabel="Удалить"
      danger
      pending={mutation.isPending}
      alert={refused ? apiErrorText(mutation.error, DELETE_FAILED) : undefined}
      onConfirm={() => void remove()}
      onClose={() => {
        onClose();
        mutation.reset();
      }}
    />
  );
}
