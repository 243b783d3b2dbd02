import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { apiQueryOptions } from '../api/api-query-options';
import { serviceGetCollectionFilter } from '../contract/catalog';
import type { Service } from '../contract/service';
import { pluralize } from '../format/pluralize';
import { serviceKeys } from '../query/query-keys';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { LoadingSkeleton } from './slow-answer';
import { useRetryInPlace } from './use-retry-in-place';

/** The pickers list every service at once: the catalogue holds a few dozen. */
export const SERVICE_OPTIONS_LIMIT = 100;
export const OTHER_SERVICES_GROUP = 'Другие услуги';

export function getServiceOptionsQueryOptions() {
  const query = { limit: SERVICE_OPTIONS_LIMIT };
  return { ...apiQueryOptions(serviceGetCollectionFilter, { query }, serviceKeys.options(query)), staleTime: 10 * 60_000 };
}

/** Services (not groups) for the pickers, under one cache entry for every remote. */
export function useServiceOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getServiceOptionsQueryOptions(), enabled });
}

/**
 * The options' names by id, their groups' among them (a group's id in a list's URL stands for its
 * services, and its chip names it, not «Услуга № 1»: QA XXX-3).
 */
export function serviceOptionNames(options: readonly Service[]): Map<number, string> {
  return new Map(options.flatMap((s) => [...(s.parentId !== null && s.group ? [[s.parentId, s.group] as const] : []), [s.id, s.name] as const]));
}

/** Services matching `filter` (name or group), by group (the parent's name), both sorted by name. */
/** Case and ё/е do not matter, as in the catalogue's search. */
const fold = (text: string) => text.toLocaleLowerCase('ru').replace(/ё/g, 'е');
const WORD = /[\p{L}\p{N}]+/gu;
/** Russian case and number endings: «плитка», «плитки», «плиткой» share «плитк». */
const ENDING = /(?:ами|ями|ого|его|ому|ему|ыми|ими|ой|ей|ий|ый|ая|яя|ое|ее|ые|ие|ов|ев|ам|ям|ах|ях|ом|ем|ую|юю|[аяыиуюеоьй])$/;
const stemOf = (word: string) => {
  const stem = word.replace(ENDING, '');
  return stem.length >= 3 ? stem : word;
};

/**
 * Whether a service's text answers the picker's search as the API's does (service repository's
 * serviceTextMatch): the query found as typed, or each of its words as the start of a word of the
 * text in another form («плитка» finds «Укладка плитки», «двери» finds «Установка дверей»).
 */
export function matchesServiceSearch(text: string, query: string): boolean {
  const needle = fold(query.trim());
  if (!needle) return true;
  const haystack = fold(text);
  if (haystack.includes(needle)) return true;
  const words = haystack.match(WORD) ?? [];
  const stems = needle.match(WORD) ?? [];
  return stems.length > 0 && stems.every((queryWord) => words.some((word) => word.startsWith(stemOf(queryWord))));
}

export function groupServices(services: readonly Service[], filter = ''): [string, Service[]][] {
  const groups = new Map<string, Service[]>();
  for (const service of services) {
    if (!matchesServiceSearch(`${service.name} ${service.group ?? ''}`, filter)) continue;
    const group = service.group ?? OTHER_SERVICES_GROUP;
    groups.set(group, [...(groups.get(group) ?? []), service]);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'ru');
  return [...groups.entries()].sort(([a], [b]) => byName(a, b)).map(([group, items]) => [group, items.sort((a, b) => byName(a.name, b.name))]);
}

export interface ServicePickerProps {
  /** The control of one service's row: a checkbox, an «Добавить» button, a «добавлено» mark. */
  renderItem: (service: Service) => ReactNode;
  filterLabel?: string;
}

/** What a services picker's status says as its search narrows the list (the cabinet's and the catalogue's filter). */
export function servicesFoundText(count: number): string {
  return count === 0 ? 'Ничего не найдено' : `Найдено: ${count} ${pluralize(count, ['услуга', 'услуги', 'услуг'])}`;
}

/**
 * The services catalogue as a searchable list grouped by parent, each row's control given by the
 * owner; loading, error with retry and "nothing found" states included.
 */
export function ServicePicker({ renderItem, filterLabel = 'Найти услугу' }: ServicePickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const { data, isPending, isError, isFetching, refetch } = useServiceOptions();
  // «Загрузить снова» stays, busy, until the answer; a list that came takes the focus in its search field.
  const { retrying, retry, target } = useRetryInPlace<HTMLInputElement>({ isFetching, refetch }, !isPending && !isError);

  if (isPending && !retrying) {
    return (
      <LoadingSkeleton>
        <div className="ui-service-picker" aria-busy="true">
          <p role="status" className="ui-visually-hidden">
            Загружаем список услуг…
          </p>
          <Skeleton width="60%" height="2.5rem" />
          <Skeleton width="80%" />
          <Skeleton width="70%" />
        </div>
      </LoadingSkeleton>
    );
  }
  if (isError || retrying || !data) {
    return (
      <div role="alert" className="ui-service-picker ui-service-picker--error">
        <p>Не удалось загрузить список услуг.</p>
        <Button variant="secondary" size="sm" loading={retrying} onClick={retry}>
          Загрузить снова
        </Button>
      </div>
    );
  }

  const groups = groupServices(data.items, filter);
  const count = groups.reduce((sum, [, items]) => sum + items.length, 0);
  return (
    <div className="ui-service-picker">
      <div className="ui-field ui-service-picker__filter">
        <label htmlFor={`${id}-filter`} className="ui-field__label">
          {filterLabel}
        </label>
        <input
          ref={target}
          id={`${id}-filter`}
          type="search"
          className="ui-field__input"
          value={filter}
          autoComplete="off"
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      </div>
      <p role="status" className={filter.trim() ? 'ui-service-picker__count' : 'ui-visually-hidden'}>
        {servicesFoundText(count)}
      </p>
      <div className="ui-service-picker__groups">
        {groups.map(([group, items], index) => (
          <div key={group} role="group" aria-labelledby={`${id}-group-${index}`} className="ui-service-picker__group">
            {/* A heading (h3: the picker sits under its section's h2), so a screen reader jumps between groups. */}
            <h3 id={`${id}-group-${index}`} className="ui-service-picker__group-title">
              {group}
            </h3>
            <ul className="ui-service-picker__list">
              {items.map((service) => (
                <li key={service.id} className="ui-service-picker__item">
                  {renderItem(service)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
