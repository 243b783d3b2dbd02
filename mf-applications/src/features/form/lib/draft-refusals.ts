import { isApiError } from 'shared';
import { FORM_FIELDS, type ApplicationFormValues, type FormField } from './form-values';

/**
 * Fields of the draft the server refused though the draft schema takes them: its own checks
 * (a reply deadline in the past, a deadline before it, unknown services, another's facility) are
 * not in the contract, and one refused field fails the whole upsert. The autosave leaves such a
 * field out and saves the rest, while the field shows why, until its value changes.
 */
export type DraftRefusals = Map<FormField, { key: string; message: string }>;

/** The server compares the two dates: a refusal of either stands while both stay as they were. */
const DATES: readonly FormField[] = ['deadline', 'feedbackDeadline'];

function refusalKey(values: ApplicationFormValues, field: FormField): string {
  return JSON.stringify(DATES.includes(field) ? [values.deadline, values.feedbackDeadline] : values[field]);
}

/** The form's fields a failed save names in its `errors` (a 422), with the server's messages. */
export function refusedFieldsOf(error: unknown): [FormField, string][] {
  if (!isApiError(error) || error.isNetworkError || !error.isClientError) return [];
  return FORM_FIELDS.flatMap((field) => {
    const message = error.errors?.[field];
    return message ? [[field, message] as [FormField, string]] : [];
  });
}

export function rememberRefusals(refusals: DraftRefusals, values: ApplicationFormValues, fields: readonly [FormField, string][]): void {
  for (const [field, message] of fields) refusals.set(field, { key: refusalKey(values, field), message });
}

/** The refusals that still hold for `values`; those of a changed field are forgotten. */
export function standingRefusals(refusals: DraftRefusals, values: ApplicationFormValues): Set<FormField> {
  for (const [field, { key }] of refusals) if (refusalKey(values, field) !== key) refusals.delete(field);
  return new Set(refusals.keys());
}

/** The fields whose refusal an edit of `field` makes stale: a date's goes with the other date's. */
export const fieldsJudgedWith = (field: FormField): readonly FormField[] => (DATES.includes(field) ? DATES : [field]);

/** Fields a draft can be saved without: the name it cannot. */
export const canLeaveOut = (field: FormField) => field !== 'name';
