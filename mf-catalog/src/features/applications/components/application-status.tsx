import { applicationStatusLabel, repliesOverByDate, todayIn, type Application } from 'shared';

/**
 * The status of a public application: «Приём откликов», or «Приём откликов завершён» (grey) once its
 * reply deadline has passed while it is still published (QA AAE-4). By Moscow's calendar, the
 * server's and the browser's alike, so the rendered page and the hydrated one agree.
 */
export function ApplicationStatus({ application }: { application: Pick<Application, 'status' | 'feedbackDeadline'> }) {
  const today = todayIn(new Date());
  const modifier = repliesOverByDate(application, today) ? 'replies-over' : application.status;
  return <span className={`application-status application-status--${modifier}`}>{applicationStatusLabel(application, today)}</span>;
}
