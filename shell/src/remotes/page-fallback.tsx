import { useTakingLong } from 'shared';
import { LoadingBar } from '../features/loading-bar/loading-bar';

/**
 * Said once a page has taken SLOW_ANSWER_MS to come: its section's code (its budget before the error
 * panel is 15 s) or what its route waits for from the API (the cabinet's profiles) — «Раздел…» blamed
 * the section when the API was what was slow (QA AAZ-2).
 */
export const SLOW_SECTION_TEXT = 'Страница загружается дольше обычного…';

/**
 * Shown in the main area while the first page's remote and chunk load: the bar, and after a few
 * seconds a line that says so — a remote that hangs left the area blank but for the 3-px bar until
 * its budget ran out (QA O-8). A polite live region, there from the start so that it is read.
 */
export function PageFallback() {
  const slow = useTakingLong(true);
  return (
    <>
      <LoadingBar active />
      <p className={slow ? 'ui-field__hint' : 'ui-visually-hidden'} aria-live="polite">
        {slow ? SLOW_SECTION_TEXT : ''}
      </p>
    </>
  );
}
