import { apiErrorText, isNotFoundStatus, quoted, toastFormFailure, useMounted } from 'shared';
import { ConfirmDialog, type Employee } from 'shared/lk';
import { isForbidden } from '../../../lib/role-refused';
import { useDeleteEmployee } from '../api/delete-employee';
import { isMemberGone } from '../api/staff-changed';
import { useUpdateDirector } from '../api/update-director';
import { notifyError } from '../notify';
import type { EmployeeAction } from './employee-card';
import { PositionDialog } from './position-dialog';

export interface OpenAction {
  action: EmployeeAction;
  employee: Employee;
}

export interface EmployeeDialogsProps {
  open: OpenAction;
  organizationName: string;
  /** Where the focus goes once an excluded member's card is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => () => void;
  onClose: () => void;
}

/** The dialog for the chosen action on one member. */
export function EmployeeDialogs({ open, organizationName, prepareRemoval, onClose }: EmployeeDialogsProps) {
  const remove = useDeleteEmployee();
  const director = useUpdateDirector();
  // Closed while the exclusion ran: its end does not close a dialog opened since.
  const mounted = useMounted();
  const { action, employee } = open;

  if (action === 'position') return <PositionDialog employee={employee} onClose={onClose} />;

  if (action === 'director') {
    return (
      <ConfirmDialog
        title="Передать руководство?"
        description={`${employee.name} станет руководителем ${quoted(organizationName)}. Вы останетесь сотрудником: приглашать и исключать сотрудников, менять данные организации и выводить деньги будет новый руководитель.`}
        confirmLabel="Передать руководство"
        pending={director.isPending}
        alert={director.error && !isMemberGone(director.error) ? apiErrorText(director.error) : undefined}
        // The handover is said by the mutation (heard after an Escape during the call too).
        onConfirm={() => {
          const removed = prepareRemoval(employee.id);
          director.mutateAsync(employee.id).then(
            () => {
              if (mounted.current) onClose();
            },
            // Gone meanwhile (QA BB-5): the staff is asked again without him (the mutation), and a
            // confirm could only be refused again. A toast says why, the dialog closes, and the
            // focus goes on as after his exclusion.
            (error: unknown) => {
              // Another refusal is the dialog's alert, its error toast (spec §7) silent.
              if (!isMemberGone(error)) return toastFormFailure(apiErrorText(error), error);
              notifyError(error);
              removed();
              if (mounted.current) onClose();
            },
          );
        }}
        onClose={onClose}
      />
    );
  }

  const self = action === 'leave';
  return (
    <ConfirmDialog
      title={self ? 'Покинуть организацию?' : 'Исключить сотрудника?'}
      description={
        self
          ? `Вы больше не сможете действовать от имени ${quoted(organizationName)}. Вернуться можно только по новому приглашению.`
          : `${employee.name} больше не сможет действовать от имени ${quoted(organizationName)}.`
      }
      confirmLabel={self ? 'Покинуть' : 'Исключить'}
      danger
      pending={remove.isPending}
      alert={remove.error ? apiErrorText(remove.error) : undefined}
      onConfirm={() => {
        const removed = self ? undefined : prepareRemoval(employee.id);
        // The promise, not the call's callbacks: they are dropped once the dialog is closed (Escape
        // while the call runs), and the focus has to go on from the gone card all the same. The
        // exclusion itself is said by the mutation.
        remove.mutateAsync({ id: employee.id, self }).then(
          () => {
            // Leaving, the dialog stays until the page goes with it (useDeleteEmployee leads to
            // the organisations), as deleting a facility does: closed first, it would give the
            // focus back to its opener, which the page then takes away to the body; gone with
            // the page, it gives the focus to the next page's start (Dialog, focusPageStart).
            if (removed) {
              removed();
              if (mounted.current) onClose();
            }
          },
          // Refused: the dialog says why, the error toast (spec §7) silent. Excluded meanwhile
          // (another tab), once it is closed the focus goes on as after the exclusion, the card
          // being gone as well. Leaving an organisation he is no longer in is the mutation's toast.
          (error: unknown) => {
            if (!(self && isForbidden(error))) toastFormFailure(apiErrorText(error), error);
            if (removed && isNotFoundStatus(error)) removed();
          },
        );
      }}
      onClose={onClose}
    />
  );
}
