import { useForm } from 'react-hook-form';
import { applyApiError, Button, Dialog, FormAlert, TextField, type Employee } from 'shared';
import { useUpdateEmployee } from '../api/update-employee';
import { notifySuccess, POSITION_SAVED } from '../notify';

export interface PositionDialogProps {
  employee: Employee;
  onClose: () => void;
}

/** A blank position clears it (the API takes null). */
export function PositionDialog({ employee, onClose }: PositionDialogProps) {
  const update = useUpdateEmployee();
  const form = useForm({ defaultValues: { position: employee.position ?? '' } });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = form.handleSubmit(async ({ position }) => {
    try {
      const { message } = await update.mutateAsync({ id: employee.id, position: position.trim() || null });
      notifySuccess(message, POSITION_SAVED);
      onClose();
    } catch (error) {
      applyApiError(error, form, ['position']);
    }
  });

  return (
    <Dialog title="Должность сотрудника" description={employee.name} onClose={onClose}>
      <form className="emp-form" onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField label="Должность" maxLength={200} autoComplete="organization-title" error={errors.position?.message} {...register('position')} />
        <div className="emp-dialog__buttons">
          <Button type="submit" loading={isSubmitting}>
            Сохранить
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
