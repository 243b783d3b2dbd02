import { useId, useState, type Ref } from 'react';
import { Button, groupServices, LoadingSkeleton, servicesFoundText, Skeleton, useServiceOptions } from 'shared';

export interface ServicesFieldProps {
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** The first checkbox, for the form's focus on its first invalid field. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The services of the application: checkboxes by group, with a filter over the catalogue. */
export function ServicesField({ value, onChange, onBlur, error, inputRef }: ServicesFieldProps) {
  const filterId = useId();
  const errorId = useId();
  const [filter, setFilter] = useState('');
  const { data, isPending, isError, isRefetching, refetch } = useServiceOptions();
  const services = data?.items ?? [];
  const chosen = services.filter((service) => value.includes(service.id));
  const groups = groupServices(services, filter);
  const firstId = groups[0]?.[1][0]?.id;
  const found = groups.reduce((sum, [, items]) => sum + items.length, 0);

  function toggle(id: number) {
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id].sort((a, b) => a - b));
  }

  return (
    <fieldset
      className={error ? 'app-form__services app-form__services--invalid' : 'app-form__services'}
      aria-describedby={error ? errorId : undefined}
      onBlur={onBlur}
    >
      <legend className="ui-field__label">Услуги</legend>
      {chosen.length > 0 && <p className="app-form__chosen">Выбрано: {chosen.map((service) => service.name).join(', ')}</p>}
      {isPending ? (
        <LoadingSkeleton>
          <div aria-busy="true">
            <p role="status" className="ui-visually-hidden">
              Загружаем список услуг…
            </p>
            <Skeleton width="70%" />
            <Skeleton width="55%" />
          </div>
        </LoadingSkeleton>
      ) : isError ? (
        <div role="alert" className="app-form__services-error">
          <p>Не удалось загрузить список услуг.</p>
          <Button variant="secondary" size="sm" loading={isRefetching} onClick={() => void refetch()}>
            Загрузить снова
          </Button>
        </div>
      ) : (
        <>
          <div className="app-form__services-filter">
            <label htmlFor={filterId}>Найти услугу</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              autoComplete="off"
              onChange={(event) => setFilter(event.currentTarget.value)}
              // Enter (a phone's «Найти») filters as typing does: the box is inside the application's
              // form, whose implicit submission published the application (QA SSS-1).
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </div>
          {/* Heard as the list narrows, seen once a filter is typed (as the cabinet's ServicePicker): «Ничего не найдено» is no empty box. */}
          <p role="status" className={filter.trim() ? 'app-form__services-count' : 'ui-visually-hidden'}>
            {servicesFoundText(found)}
          </p>
          <div className="app-form__services-list">
            {groups.map(([group, items]) => (
              <fieldset key={group} className="app-form__services-group">
                <legend>{group}</legend>
                {items.map((service) => (
                  <label key={service.id} className="app-form__service">
                    <input
                      ref={service.id === firstId ? inputRef : undefined}
                      name="services"
                      type="checkbox"
                      checked={value.includes(service.id)}
                      // The group's error is each box's: the form focuses the first invalid element,
                      // and a screen reader on a box hears why (the fieldset's description alone is
                      // not read for a control inside it).
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={() => toggle(service.id)}
                    />
                    <span>{service.name}</span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        </>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
