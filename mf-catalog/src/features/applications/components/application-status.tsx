import { applicationStatusLabel, calendarDateIn, repliesOverByDate, type Application } from 'shared';

/**
 * The status of a public application: «Приём откликов», or «Приём откликов завершён» (grey) once its
 * reply deadline has passed while it is still published (QA AAE-4). By Moscow's calendar, the
 * server's and the browser's alike, so the rendered page and the hydrated one agree; from the page's
 * zone window while it hydrates (`calendarDateIn`: no Intl then).
 */
export function ApplicationStatus({ application }: { application: Pick<Application, 'status' | 'feedbackDeadline'> }) {
  const today = calendarDateIn();
  const modifier = repliesOverByDate(application, today) ? 'replies-over' : application.status;
  return <span className={`application-status application-status--${modifier}`}>{applicationStatusLabel(application, today)}</span>;
}
