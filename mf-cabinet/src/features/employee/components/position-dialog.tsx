import { useForm } from 'react-hook-form';
import { applyApiError, TextField, useFormRefusal } from 'shared';
import { FormDialog, type Employee } from 'shared/lk';
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
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);

  const onSubmit = refusal.handleSubmit(async ({ position }) => {
    try {
      const { message } = await update.mutateAsync({ id: employee.id, position: position.trim() || null });
      notifySuccess(message, POSITION_SAVED);
      onClose();
    } catch (error) {
      applyApiError(error, refusal, ['position']);
    }
  });

  return (
    <FormDialog
      title="Должность сотрудника"
      description={employee.name}
      submitLabel="Сохранить"
      pending={isSubmitting}
      alert={errors.root?.server?.message}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <TextField label="Должность" maxLength={200} autoComplete="organization-title" error={errors.position?.message} {...register('position')} />
      {refusal.status}
    </FormDialog>
  );
}
