import { useEffect, useRef, useState } from 'react';

/** A field's label by its name, in the order of the form: the fields a notice names. */
export type FieldLabels<V> = Readonly<Partial<Record<keyof V & string, string>>>;

/** The labels of the fields whose values differ between two reads of the thing a form edits, in the order of `labels`. */
export function fieldsChangedBetween<V extends object>(before: V, after: V, labels: FieldLabels<V>): string[] {
  const value = (values: V, field: string) => JSON.stringify((values as Record<string, unknown>)[field] ?? null);
  return Object.entries(labels)
    .filter(([field]) => value(before, field) !== value(after, field))
    .map(([, label]) => label as string);
}

/**
 * Said by an open edit form when what it edits was saved elsewhere meanwhile (another tab, another
 * employee): the fields not touched here took the new values, and a save writes the ones typed
 * here over the others' (QA AAP-4, AAQ-2, AAQ-3: it happened with nothing said). `what` is the thing
 * in the accusative: «объект», «заявку», «данные организации».
 */
export function changedElsewhereNotice(what: string, labels: readonly string[]): string {
  const fields = labels.map((label) => `«${label}»`).join(', ');
  return `Пока открыта форма, ${what} изменили в другой вкладке или другой сотрудник (${labels.length > 1 ? 'поля' : 'поле'} ${fields}). Поля, которые вы не меняли, обновлены; ваши правки при сохранении запишутся поверх.`;
}

export interface ChangedElsewhereOptions<V> {
  /** The thing in the accusative, for the notice. */
  what: string;
  labels: FieldLabels<V>;
  /**
   * Puts a newer read into the form's fields not touched here (`reset(saved, { keepDirtyValues: true })`).
   * False: the form cannot take it now (a save in flight); it is compared again with the next read.
   */
  take: (saved: V) => boolean | void;
}

/**
 * An edit form that follows what it edits: each newer read of it (`saved`, as the form's values; a
 * live update, a tab come back into view) is handed to `take`, and the fields that changed since
 * the form last took one are named in the notice this answers, until the form is left. A later read
 * that changes other fields names those instead; one that changes none of them leaves the notice as it is.
 */
export function useChangedElsewhere<V extends object>(saved: V | undefined, { what, labels, take }: ChangedElsewhereOptions<V>): string | undefined {
  const key = JSON.stringify(saved ?? null);
  const shown = useRef({ key, values: saved });
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => {
    if (saved === undefined || shown.current.key === key) return;
    const before = shown.current.values;
    if (take(saved) === false) return;
    shown.current = { key, values: saved };
    const changed = before === undefined ? [] : fieldsChangedBetween(before, saved, labels);
    if (changed.length > 0) setNotice(changedElsewhereNotice(what, changed));
  }, [key]);
  return notice;
}
