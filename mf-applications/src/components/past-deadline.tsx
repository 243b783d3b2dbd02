import { todayIn, type ApplicationStatus } from 'shared';
import { isPastDeadline, type Participation } from 'shared/lk';
import './past-deadline.css';

/**
 * «Срок прошёл» beside a deadline the work has outlived: the last day (a Moscow one, as the API
 * counts it) is behind and the work is still the executor's to do (isPastDeadline).
 */
export function PastDeadlineMark({ application, now = new Date() }: { application: { status: ApplicationStatus; deadline: string | null; participation?: Participation | undefined }; now?: Date }) {
  if (!isPastDeadline(application, todayIn(now))) return null;
  // The space keeps the words apart for a screen reader and a copy; the margin is what is seen.
  return (
    <>
      {' '}
      <span className="past-deadline">срок прошёл</span>
    </>
  );
}
