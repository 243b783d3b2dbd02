import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, FormAlert } from 'shared';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** The server's message, announced as an alert above the fields. */
  alert?: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** A labelled dialog with one form: alert, fields, the submit button and «Отмена». */
export function FormDialog({ title, description, submitLabel, pending, alert, onSubmit, onClose, children }: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form className="detail-form" onSubmit={submit} noValidate>
        <FormAlert message={alert} />
        {children}
        <div className="detail-form__buttons">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
