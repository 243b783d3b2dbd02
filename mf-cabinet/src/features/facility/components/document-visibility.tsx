import { useRef } from 'react';
import { apiErrorText, bus, type DocumentInfo } from 'shared';
import { FACILITY_MESSAGES } from 'shared/lk';
import { useUpdateFacilityDocument } from '../api/update-facility-document';

const VISIBILITY_ERROR_MESSAGE = 'Не удалось изменить видимость документа';

/**
 * «Виден всем» for a stored document, as the form offers it before upload. While the call runs the
 * box shows the choice; a refusal puts it back to the saved visibility and says why in a toast.
 * Busy, it stays focusable (aria-disabled, a change ignored), as the kit's Button does: a disabled
 * box would drop the keyboard focus to <body>.
 */
export function DocumentVisibility({ facilityId, document }: { facilityId: number; document: DocumentInfo }) {
  const update = useUpdateFacilityDocument(facilityId);
  const checked = update.isPending ? update.variables.public : document.public;
  // Two presses before the box is drawn busy send one change.
  const running = useRef(false);

  async function change(isPublic: boolean) {
    if (running.current) return;
    running.current = true;
    try {
      const { message } = await update.mutateAsync({ id: document.id, public: isPublic });
      bus.emit('toast:show', { type: 'success', message: message || (isPublic ? FACILITY_MESSAGES.documentPublic : FACILITY_MESSAGES.documentPrivate) });
    } catch (error) {
      bus.emit('toast:show', { type: 'error', message: apiErrorText(error, VISIBILITY_ERROR_MESSAGE) });
    } finally {
      running.current = false;
    }
  }

  return (
    <label className="facility-checkbox">
      <input
        type="checkbox"
        checked={checked}
        aria-disabled={update.isPending || undefined}
        aria-busy={update.isPending || undefined}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <span>Виден всем: «{document.name}»</span>
    </label>
  );
}
