import { useId, type ComponentProps } from 'react';
import { Button, useMergedRef, useQueryRetry } from 'shared';
import { useFacilityTypes } from '../api/get-facility-types';

export interface TypeSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  error?: string | undefined;
}

/** «Тип объекта» from `profile/facility/get/type`; while they load the select waits, a failure offers a retry. */
export function TypeSelect({ error, ref, ...rest }: TypeSelectProps) {
  const id = useId();
  const types = useFacilityTypes();
  // «Повторить» stays, busy, until the answer; then the select takes the focus it had.
  const retry = useQueryRetry<HTMLSelectElement>(types);
  // The form's ref (react-hook-form focuses the field of an error) and the retry's, on the one select.
  const setRef = useMergedRef(retry.target, ref);
  const describedBy = [retry.failed ? `${id}-load` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    // The kit's field look (label, invalid border, the error's mark), as the form's other fields.
    <div className={error ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label htmlFor={id} className="ui-field__label">
        Тип объекта
      </label>
      <select id={id} ref={setRef} className="ui-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-busy={retry.loading || undefined} {...rest}>
        <option value="">{retry.loading ? 'Загружаем типы…' : 'Выберите тип'}</option>
        {types.data?.items.map((type) => (
          <option key={type.id} value={String(type.id)}>
            {type.name}
          </option>
        ))}
      </select>
      {retry.failed && (
        <div id={`${id}-load`} className="facility-row">
          <p className="facility-form__error">Не удалось загрузить типы объектов</p>
          <Button variant="secondary" size="sm" loading={retry.retrying} onClick={retry.retry}>
            Повторить
          </Button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
