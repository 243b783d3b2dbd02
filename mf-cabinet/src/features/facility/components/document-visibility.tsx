import { apiErrorText, bus, type DocumentInfo } from 'shared';
import { FACILITY_MESSAGES } from 'shared/lk';
import { useUpdateFacilityDocument } from '../api/update-facility-document';

const VISIBILITY_ERROR_MESSAGE = 'Не удалось изменить видимость документа';

/**
 * «Виден всем» for a stored document, as the form offers it before upload. While the call runs the
 * box shows the choice; a refusal puts it back to the saved visibility and says why in a toast.
 */
export function DocumentVisibility({ facilityId, document }: { facilityId: number; document: DocumentInfo }) {
  const update = useUpdateFacilityDocument(facilityId);
  const checked = update.isPending ? update.variables.public : document.public;

  async function change(isPublic: boolean) {
    try {
      const { message } = await update.mutateAsync({ id: document.id, public: isPublic });
      bus.emit('toast:show', { type: 'success', message: message || (isPublic ? FACILITY_MESSAGES.documentPublic : FACILITY_MESSAGES.documentPrivate) });
    } catch (error) {
      bus.emit('toast:show', { type: 'error', message: apiErrorText(error, VISIBILITY_ERROR_MESSAGE) });
    }
  }

  return (
    <label className="facility-checkbox">
      <input type="checkbox" checked={checked} disabled={update.isPending} onChange={(event) => void change(event.currentTarget.checked)} />
      <span>Виден всем: «{document.name}»</span>
    </label>
  );
}
