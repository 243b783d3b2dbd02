import { zodResolver } from '@hookform/resolvers/zod';
import { type Application, type CallBody } from 'shared';
import { applicationCreateBodySchema, applicationDraftBodySchema, DEADLINE_BEFORE_FEEDBACK_MESSAGE, type applicationCreate, type ApplicationSeen } from 'shared/lk';
import { deepEqual } from '../../../lib/deep-equal';
import type { DraftBody } from '../api/save-draft';

/** The form holds the publication body (ARCHITECTURE §8) as it is being filled in. */
export type ApplicationFormValues = CallBody<typeof applicationCreate>;

/** In the order of the form, which is the order the first invalid one is focused in. */
export const FORM_FIELDS = ['name', 'description', 'services', 'facilityId', 'address', 'price', 'deadline', 'feedbackDeadline'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The fields' labels, in the order of the form: a notice of fields changed elsewhere names them. */
export const FIELD_LABELS: Record<FormField, string> = {
  name: 'Название',
  description: 'Описание работ',
  services: 'Услуги',
  facilityId: 'Объект',
  address: 'Адрес',
  price: 'Цена',
  deadline: 'Срок выполнения',
  feedbackDeadline: 'Приём откликов до',
};

/**
 * What a date field holds while its text is not a date yet: the schema refuses it, and the field
 * shows its own message («Введите дату полностью»), not the schema's ISO format.
 */
export const UNFINISHED_DATE = 'unfinished';

export const emptyFormValues = (): ApplicationFormValues => ({ name: '', services: [] });

/** The edit form's start: the application as `application/get` answers its customer (with its facility). */
export function formValuesOf(application: Application & { facility?: { id: number } | null | undefined }): ApplicationFormValues {
  return {
    name: application.name,
    ...(application.description ? { description: application.description } : {}),
    services: application.services.map((service) => service.id),
    ...(application.price !== null ? { price: application.price } : {}),
    ...(application.deadline ? { deadline: application.deadline } : {}),
    ...(application.feedbackDeadline ? { feedbackDeadline: application.feedbackDeadline } : {}),
    ...(application.address.value ? { address: application.address } : {}),
    // No facility is left out, not null: a form that never touches the field sends nothing for it.
    ...(application.facility ? { facilityId: application.facility.id } : {}),
  };
}

/** A blank description or an emptied date is an absent one, so that publishing asks for it. */
function normalized(values: ApplicationFormValues): ApplicationFormValues {
  const { description, deadline, feedbackDeadline, ...rest } = values;
  return {
    ...rest,
    ...(description?.trim() ? { description } : {}),
    ...(deadline ? { deadline } : {}),
    ...(feedbackDeadline ? { feedbackDeadline } : {}),
  };
}

const publishSchemaResolver = zodResolver(applicationCreateBodySchema);

/** Publishing needs every field but the facility (the contract's `application/create` schema). */
export const publishResolver: typeof publishSchemaResolver = (values, context, options) =>
  publishSchemaResolver(normalized(values), context, options);

/** Fields a draft may hold and lose again (`null` in `draft/upsert` clears one). */
const CLEARABLE: readonly FormField[] = ['description', 'price', 'deadline', 'feedbackDeadline', 'address'];

/** The clearable fields `values` hold: for a draft's saved values, what an emptied field must clear. */
export function heldFields(values: ApplicationFormValues): ReadonlySet<FormField> {
  const source = normalized(values);
  return new Set(CLEARABLE.filter((field) => source[field] !== undefined));
}

/** What a draft holds after `body` was saved to it: the fields sent with a value, less those cleared. */
export function heldAfter(held: ReadonlySet<FormField>, body: DraftBody): ReadonlySet<FormField> {
  const next = new Set(held);
  for (const field of CLEARABLE) {
    if (body[field] === null) next.delete(field);
    else if (body[field] !== undefined) next.add(field);
  }
  return next;
}

/**
 * The draft to save: each field the draft schema accepts as it stands (a half-typed price waits),
 * but those in `left`, with the draft's id once it has one; a field the draft holds (`held`) and the
 * form has emptied is sent as null, else a reload would bring its old value back. Null while there
 * is no name, which a draft needs.
 */
export function draftBodyOf(
  values: ApplicationFormValues,
  id: number | null,
  left: ReadonlySet<FormField> = new Set(),
  held: ReadonlySet<FormField> = new Set(),
): DraftBody | null {
  const shape = applicationDraftBodySchema.shape;
  const source = normalized(values);
  const body: Record<string, unknown> = id === null ? {} : { id };
  for (const field of FORM_FIELDS) {
    if (left.has(field)) continue;
    const value = source[field];
    if (value === undefined) {
      if (id !== null && held.has(field)) body[field] = null;
    } else if (shape[field].safeParse(value).success) body[field] = value;
  }
  const parsed = applicationDraftBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * What of a saved draft's `body` differs from what this form last saved or loaded (`before`): a
 * field left out stays as the server holds it (§8), so one edited in another tab meanwhile is not
 * put back by this form's stale copy. The id and the name, which the call needs, always go; a new
 * draft goes whole.
 */
export function draftChanges(body: DraftBody, before: DraftBody | null | undefined): DraftBody {
  if (!before || body.id === undefined) return body;
  const changed: Record<string, unknown> = { id: body.id, name: body.name };
  const was: Record<string, unknown> = before;
  for (const field of FORM_FIELDS) {
    if (body[field] !== undefined && !deepEqual(body[field], was[field])) changed[field] = body[field];
  }
  return changed as DraftBody;
}

/**
 * The `application/update` body of a published (or unpublished) application: its id and only the
 * fields the visitor changed (`edited`: react-hook-form's dirty state), as the form accepted them.
 * A field left out stays as the server holds it (§8), so a change saved in another tab meanwhile
 * is not put back by this form's stale copy of it.
 */
export function updateChanges(body: ApplicationFormValues, id: number, edited: (field: FormField) => boolean): ApplicationFormValues & { id: number } {
  const changed: Record<string, unknown> = { id };
  const values: Record<string, unknown> = body;
  for (const field of FORM_FIELDS) {
    if (edited(field) && values[field] !== undefined) changed[field] = values[field];
  }
  return changed as ApplicationFormValues & { id: number };
}

/**
 * What the form saw (`saw`: its default values, the application as it last took it) of each field
 * an update sends (`sent`): `update`'s `seen`, so that a field changed meanwhile elsewhere is refused
 * 409 rather than written over unseen (QA AAT-1).
 */
export function seenOfSent(saw: ApplicationFormValues, sent: Readonly<Record<string, unknown>>): ApplicationSeen {
  const all: Required<ApplicationSeen> = {
    name: saw.name ?? '',
    description: saw.description ?? '',
    services: [...(saw.services ?? [])].sort((a, b) => a - b),
    facilityId: saw.facilityId ?? null,
    address: saw.address?.value ?? '',
    price: saw.price ?? null,
    deadline: saw.deadline || null,
    feedbackDeadline: saw.feedbackDeadline || null,
  };
  return Object.fromEntries(Object.entries(all).filter(([field]) => sent[field] !== undefined));
}

/** Whether a draft would leave out `value` of `field` as it stands (a year past 2100, a price in letters). */
export function draftRefuses(field: FormField, value: unknown): boolean {
  return !applicationDraftBodySchema.shape[field].safeParse(value).success;
}

/**
 * Whether a draft's edits (`dirty`: react-hook-form's dirtyFields) hold what no autosave takes: a
 * field the draft schema refuses as it stands (a price in letters, a half-typed date, which the
 * save leaves out, the draft keeping its old value), or anything at all while there is no name
 * (no draft is saved without one). Leaving would drop them silently.
 */
export function unsavableDraftEdits(values: ApplicationFormValues, dirty: Partial<Record<FormField, unknown>>): boolean {
  const edited = FORM_FIELDS.filter((field) => dirty[field] !== undefined && dirty[field] !== false);
  if (edited.length === 0) return false;
  if (draftBodyOf(values, null) === null) return true;
  const source = normalized(values);
  return edited.some((field) => source[field] !== undefined && draftRefuses(field, source[field]));
}

/** The two dates of the form, which the API compares (work ends no earlier than replies close). */
export const DATE_FIELDS = ['deadline', 'feedbackDeadline'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/**
 * The date the form refuses for ending the work before the replies close (the API's rule, with its
 * message: DEADLINE_BEFORE_FEEDBACK_MESSAGE): the one the visitor changed last (`last`), which is
 * the one his change made wrong, else the deadline, as the API words it. Null while the two agree,
 * or either is missing, half-typed or refused on its own.
 */
export function datesOutOfOrder(values: ApplicationFormValues, last: DateField | null): DateField | null {
  const { deadline, feedbackDeadline } = values;
  const whole = (field: DateField, value: string | undefined): value is string => Boolean(value) && value !== UNFINISHED_DATE && !draftRefuses(field, value);
  if (!whole('deadline', deadline) || !whole('feedbackDeadline', feedbackDeadline)) return null;
  return deadline < feedbackDeadline ? (last ?? 'deadline') : null;
}

/** The error type of a date the form refuses for the two being out of order. */
export const DATES_ORDER_ERROR = 'dates-order';

/**
 * `publishResolver` with the dates' order checked too, on the date changed last (`last()`): the form
 * says it before the server, which, sent both, can only put it on the deadline.
 */
export function orderedDatesResolver(last: () => DateField | null): typeof publishSchemaResolver {
  return async (values, context, options) => {
    const result = await publishResolver(values, context, options);
    const refused = datesOutOfOrder(values, last());
    if (!refused || result.errors[refused]) return result;
    return { values: {}, errors: { ...result.errors, [refused]: { type: DATES_ORDER_ERROR, message: DEADLINE_BEFORE_FEEDBACK_MESSAGE } } };
  };
}
