import { useId, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { Button, type Facility } from 'shared';
import { useActiveProfile, useOwnFacilities } from 'shared/lk';
import { facilityPaths } from '../../../lib/lk-paths';

/** Every facility at once (the contract's largest page): a profile has a handful, rarely dozens. */
export const FACILITY_OPTIONS_LIMIT = 100;
export const NO_FACILITY_LABEL = 'Без объекта';

export interface FacilityFieldProps {
  value: number | null | undefined;
  /**
   * The chosen facility (null for «Без объекта»), with its address for the form to use, and the one
   * it replaces (null: none, or not on the loaded list), whose address the form may have taken.
   */
  onChange: (facility: Facility | null, id: number | null, previous: Facility | null) => void;
  onBlur: () => void;
  /** The facility the application links now, shown even when it is not on the loaded page. */
  saved?: { id: number; name: string } | null | undefined;
  /** Said politely after the choice filled the address in. */
  notice?: string | undefined;
  error?: string | undefined;
  selectRef?: Ref<HTMLSelectElement>;
}

const optionLabel = (facility: Pick<Facility, 'name'> & { address?: Facility['address'] }) =>
  facility.address?.value ? `${facility.name} — ${facility.address.value}` : facility.name;

/** «Объект»: one of the active profile's facilities, or none (ARCHITECTURE §8 `facilityId`). */
export function FacilityField({ value, onChange, onBlur, saved, notice, error, selectRef }: FacilityFieldProps) {
  const id = useId();
  const active = useActiveProfile();
  const profileId = active.profile?.id ?? null;
  const query = useOwnFacilities(profileId, { limit: FACILITY_OPTIONS_LIMIT, attributeSort: 'name', typeSort: 'asc' });
  const facilities = query.data?.items ?? [];
  const chosen = value ?? null;
  const missingSaved = saved && !facilities.some((facility) => facility.id === saved.id) ? saved : null;
  const loading = profileId === null ? !active.isError : query.isPending;
  const failed = active.isError || query.isError;
  const empty = !loading && !failed && facilities.length === 0 && !missingSaved;
  const more = (query.data?.total ?? 0) > facilities.length;
  const hintId = `${id}-hint`;
  const describedBy = [hintId, failed ? `${id}-load` : null, empty ? `${id}-empty` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  function choose(text: string) {
    const next = text === '' ? null : Number(text);
    const find = (facilityId: number | null) => facilities.find((facility) => facility.id === facilityId) ?? null;
    onChange(find(next), next, find(chosen));
  }

  return (
    <div className={error ? 'ui-field ui-field--invalid app-form__facility' : 'ui-field app-form__facility'}>
      <label htmlFor={id} className="ui-field__label">
        Объект
      </label>
      <select
        id={id}
        name="facilityId"
        ref={selectRef}
        className="ui-field__input"
        value={chosen === null ? '' : String(chosen)}
        disabled={loading || empty}
        aria-busy={loading || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => choose(event.currentTarget.value)}
        onBlur={onBlur}
      >
        <option value="">{loading ? 'Загружаем ваши объекты…' : NO_FACILITY_LABEL}</option>
        {missingSaved && <option value={String(missingSaved.id)}>{missingSaved.name}</option>}
        {facilities.map((facility) => (
          <option key={facility.id} value={String(facility.id)}>
            {optionLabel(facility)}
          </option>
        ))}
      </select>
      <p id={hintId} className="ui-field__hint">
        Необязательно. Если у заявки ещё нет адреса, подставим адрес объекта.
        {more && ` Показаны первые ${FACILITY_OPTIONS_LIMIT} объектов.`}
      </p>
      {failed && (
        <div id={`${id}-load`} role="alert" className="app-form__facility-error">
          <p>Не удалось загрузить ваши объекты.</p>
          <Button variant="secondary" size="sm" loading={query.isRefetching} onClick={() => void (active.isError ? active.refetch() : query.refetch())}>
            Загрузить снова
          </Button>
        </div>
      )}
      {empty && (
        <p id={`${id}-empty`} className="app-form__facility-empty">
          У вас пока нет объектов — <Link to={facilityPaths.create}>добавьте на странице «Мои объекты»</Link>
        </p>
      )}
      <p role="status" className="ui-visually-hidden">
        {notice}
      </p>
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
