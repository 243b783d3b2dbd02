import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, FormAlert } from 'shared';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** The server's message, announced as an alert above the fields. */
  alert?: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}

/** A labelled dialog with one form: alert, fields, the submit button and «Отмена». */
export function FormDialog({ title, description, submitLabel, pending, alert, onSubmit, onClose, children }: FormDialogProps) {
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form className="money-form" onSubmit={onSubmit} noValidate>
        <FormAlert message={alert} />
        {children}
        <div className="money-form__buttons">
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
