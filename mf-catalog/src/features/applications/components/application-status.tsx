import { applicationStatusLabels, type Application } from 'shared';

export function ApplicationStatus({ status }: { status: Application['status'] }) {
  return (
    <span className={`application-status application-status--${status}`}>{applicationStatusLabels[status]}</span>
  );
}
