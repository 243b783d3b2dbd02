import { useState } from 'react';
import { FieldRefusalStatus, TextAreaField } from 'shared';
import { FormDialog } from 'shared/lk';
import type { DetailRequest } from '../api/use-detail-action';
import { useCheckedDialog } from '../hooks/use-checked-dialog';
import type { BodySchema } from '../lib/form';

export interface CommentDialogProps<T> {
  title: string;
  description?: string;
  label: string;
  submitLabel: string;
  /** The body schema of the call the dialog submits. */
  schema: BodySchema<T>;
  /** The body with the typed comment ('' left out when the comment is optional). */
  toBody: (comment: string) => unknown;
  request: (body: T) => DetailRequest;
  onClose: () => void;
}

/** A transition that takes a comment: revision (required), stopping the executor, rejecting a reply. */
export function CommentDialog<T>({ title, description, label, submitLabel, schema, toBody, request, onClose }: CommentDialogProps<T>) {
  const [comment, setComment] = useState('');
  const { submit, fieldChanged, errors, pending, alert, said } = useCheckedDialog(schema, onClose);
  // The field is named by its key in the body (`comment`, or a rejected reply's `reason`): refused
  // while it keeps the focus (the submit pressed with the pointer leaves it there), its message is
  // said by the status line.
  const name = 'reason' in (toBody('-') as object) ? 'reason' : 'comment';

  return (
    <FormDialog title={title} description={description} submitLabel={submitLabel} pending={pending} alert={alert} onSubmit={(event) => submit(event, toBody(comment), request)} onFieldChange={fieldChanged} onClose={onClose}>
      <TextAreaField name={name} textareaClassName="detail-textarea" label={label} value={comment} onChange={(event) => setComment(event.target.value)} error={errors.comment ?? errors.reason} maxLength={2000} autoFocus />
      <FieldRefusalStatus said={said} />
    </FormDialog>
  );
}
