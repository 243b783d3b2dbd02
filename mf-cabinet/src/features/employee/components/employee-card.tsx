import { Button, Card, formatPhone } from 'shared';
import { type Employee } from 'shared/lk';
import { removeControl } from '../../../lib/use-focus-after-removal';

export type EmployeeAction = 'position' | 'director' | 'remove' | 'leave';
/** The staff rows' kind for the focus after an exclusion (useFocusAfterRemoval). */
export const EMPLOYEE_ROWS = 'employee';

export interface EmployeeCardProps {
  employee: Employee;
  isMe: boolean;
  /** The caller directs the organisation: the management buttons show. */
  manage: boolean;
  onAction: (action: EmployeeAction, employee: Employee) => void;
}

/** One member: name, phone, position, the director's badge; the buttons the caller's role allows. */
export function EmployeeCard({ employee, isMe, manage, onAction }: EmployeeCardProps) {
  const titleId = `employee-${employee.id}-name`;
  const actions: { action: EmployeeAction; label: string }[] = [];
  if (manage) {
    actions.push({ action: 'position', label: 'Изменить должность' });
    if (!employee.director) {
      actions.push({ action: 'director', label: 'Передать руководство' });
      actions.push({ action: 'remove', label: 'Исключить' });
    }
  } else if (isMe && !employee.director) {
    actions.push({ action: 'leave', label: 'Покинуть организацию' });
  }

  return (
    <Card as="article" className="emp-card" aria-labelledby={titleId}>
      <div className="emp-card__head">
        <h3 id={titleId} className="emp-card__name">
          {employee.name}
          {isMe && <span className="emp-card__me"> (вы)</span>}
        </h3>
        {employee.director && <span className="emp-badge">Руководитель</span>}
      </div>
      <p className="emp-card__position">{employee.position ?? 'Должность не указана'}</p>
      <p className="emp-card__phone">
        <a className="ui-phone" href={`tel:+${employee.phone}`}>{formatPhone(employee.phone)}</a>
      </p>
      {actions.length > 0 && (
        <div className="emp-card__actions">
          {actions.map(({ action, label }) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'remove' || action === 'leave' ? 'ghost-danger' : 'secondary'}
              aria-label={action === 'leave' ? undefined : `${label}: ${employee.name}`}
              {...(action === 'remove' ? removeControl(EMPLOYEE_ROWS, employee.id) : {})}
              onClick={() => onAction(action, employee)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
