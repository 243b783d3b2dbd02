import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, isApiError, type ApplicationView } from 'shared';
import { applicationDocumentDelete } from 'shared/lk';

/** The success toast when the server's answer has no message. */
export const DOCUMENT_DELETED_MESSAGE = 'Документ удалён';
export const DOCUMENT_DELETE_ERROR = 'Не удалось удалить документ';

export function deleteApplicationDocument(documentId: number) {
  return apiRequest(applicationDocumentDelete, { body: { id: documentId }, errorMessage: DOCUMENT_DELETE_ERROR });
}

/**
 * `application/document/delete` of a document of application `applicationId` (null: a form whose
 * draft is not saved yet, nothing cached). The edit form and the detail page read one cache entry,
 * `application/get` under `applicationKeys.detail`: the document leaves it at once, then it is
 * asked for again; so it is after a 404 or 409, when the page is behind the server.
 */
export function useDeleteApplicationDocument(applicationId: number | null) {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (applicationId !== null) void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
  };
  return useMutation({
    mutationFn: deleteApplicationDocument,
    onSuccess: (_answer, documentId) => {
      if (applicationId === null) return;
      queryClient.setQueryData<ApplicationView>(applicationKeys.detail(applicationId), (view) =>
        view ? { ...view, documents: view.documents.filter((doc) => doc.id !== documentId) } : view,
      );
      refresh();
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409)) refresh();
    },
  });
}
