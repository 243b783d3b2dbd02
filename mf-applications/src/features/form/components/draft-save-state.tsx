import { useLayoutEffect, useRef, useState } from 'react';
import { Button, focusLost } from 'shared';
import { DRAFT_NOT_SAVED_MESSAGE } from '../hooks/use-draft-autosave';
import type { DraftFailure } from '../hooks/use-save-retry';

export const DRAFT_UNSAVED_TEXT: Record<DraftFailure, string> = {
  unreachable: `${DRAFT_NOT_SAVED_MESSAGE}. Повторим, когда связь восстановится`,
  refused: DRAFT_NOT_SAVED_MESSAGE,
};
export const SAVE_NOW_LABEL = 'Сохранить сейчас';

/**
 * The draft's save state while a save has failed (QA X-2): the failure's toast goes in seconds, and
 * the edit stayed unsaved on the server with no sign of it. The line stays until a save succeeds;
 * «Сохранить сейчас» tries at once. A line that goes with its focused button hands the focus to
 * `onGone` (the form's «Сохранить черновик») rather than drop it to <body>.
 */
export function DraftSaveState({ failure, onSaveNow, onGone }: { failure: DraftFailure | null; onSaveNow: () => Promise<unknown>; onGone: () => void }) {
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  useLayoutEffect(() => {
    if (failure || !focused.current) return;
    focused.current = false;
    if (focusLost()) onGone();
  }, [failure]);

  async function saveNow() {
    setSaving(true);
    try {
      await onSaveNow();
    } finally {
      setSaving(false);
    }
  }

  return (
    // The status stays in the page, empty, so that its line is said when it comes.
    <div className={failure ? 'app-form__draft-state' : 'ui-visually-hidden'}>
      <p role="status" className="app-form__unsaved">
        {failure ? DRAFT_UNSAVED_TEXT[failure] : ''}
      </p>
      {failure && (
        <Button
          variant="secondary"
          size="sm"
          loading={saving}
          onClick={() => void saveNow()}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
        >
          {SAVE_NOW_LABEL}
        </Button>
      )}
    </div>
  );
}
