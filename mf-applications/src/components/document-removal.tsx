import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorText, bus, hasSession, isApiError, type DocumentInfo } from 'shared';
import { ConfirmDialog } from 'shared/lk';
import { DOCUMENT_DELETE_ERROR, DOCUMENT_DELETED_MESSAGE, useDeleteApplicationDocument } from '../lib/delete-application-document';

export interface DocumentRemovalOptions {
  /** Null while the form's draft is not saved: nothing can be listed then. */
  applicationId: number | null;
  /** The documents in the order shown: the focus moves to the next one's «Удалить». */
  documents: readonly DocumentInfo[];
  /**
   * Where the focus goes when the last document is gone: something one sees (the section's
   * heading), not the upload's visually hidden file input.
   */
  emptyFocus: () => HTMLElement | null | undefined;
  /** A list kept beside the cache (the form's fresh uploads) drops the document too. */
  onDeleted?: (documentId: number) => void;
}

export interface DocumentRemoval {
  /** The props of one document's «Удалить» button. */
  buttonProps: (document: DocumentInfo) => { 'aria-label': string; ref: (node: HTMLButtonElement | null) => void; onClick: () => void };
  /** The confirmation while a document is asked about, else null. */
  dialog: ReactNode;
}

interface PendingFocus {
  removedId: number;
  nextId: number | null;
}

/**
 * «Удалить» for an application's documents: a confirmation, `application/document/delete`, the
 * server's message as a toast. The focus moves once the document has left the list: the dialog
 * gives it back to its opener, which is gone with the row.
 */
export function useDocumentRemoval({ applicationId, documents, emptyFocus, onDeleted }: DocumentRemovalOptions): DocumentRemoval {
  const remove = useDeleteApplicationDocument(applicationId);
  const [asking, setAsking] = useState<DocumentInfo | null>(null);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const fallback = useRef(emptyFocus);
  fallback.current = emptyFocus;

  useEffect(() => {
    if (!pendingFocus || documents.some((doc) => doc.id === pendingFocus.removedId)) return;
    const next = pendingFocus.nextId === null ? undefined : buttons.current.get(pendingFocus.nextId);
    const first = documents[0] && buttons.current.get(documents[0].id);
    (next ?? first ?? fallback.current())?.focus();
    setPendingFocus(null);
  }, [pendingFocus, documents]);

  // A promise rather than `mutate`'s callbacks: the list shown when it was asked names the next one.
  async function confirm(document: DocumentInfo) {
    try {
      const { message } = await remove.mutateAsync(document.id);
      bus.emit('toast:show', { type: 'success', message: message || DOCUMENT_DELETED_MESSAGE });
      const at = documents.findIndex((doc) => doc.id === document.id);
      const next = documents[at + 1] ?? documents[at - 1] ?? null;
      setPendingFocus({ removedId: document.id, nextId: next?.id ?? null });
      onDeleted?.(document.id);
    } catch (error) {
      // A session that could not be renewed has had its own toast (spec §4).
      if (!(isApiError(error) && error.status === 401 && !hasSession())) {
        bus.emit('toast:show', { type: 'error', message: apiErrorText(error, DOCUMENT_DELETE_ERROR) });
      }
    } finally {
      setAsking(null);
    }
  }

  return {
    buttonProps: (document) => ({
      'aria-label': `Удалить документ ${document.name}`,
      ref: (node) => {
        if (node) buttons.current.set(document.id, node);
        else buttons.current.delete(document.id);
      },
      onClick: () => setAsking(document),
    }),
    dialog: asking && (
      <ConfirmDialog
        title={`Удалить документ «${asking.name}»?`}
        description={`Файл будет удалён${asking.public ? ', в том числе со страницы заявки,' : ''} без возможности восстановления.`}
        confirmLabel="Удалить"
        danger
        pending={remove.isPending}
        onConfirm={() => void confirm(asking)}
        onClose={() => {
          if (!remove.isPending) setAsking(null);
        }}
      />
    ),
  };
}
