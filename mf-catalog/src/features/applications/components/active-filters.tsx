import { Link, useLocation } from 'react-router-dom';
import { formatMoney, type Application } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { useApplications } from '../api/get-applications';
import {
  APPLICATION_FILTER_KEYS,
  hasActiveFilters,
  type ApplicationFilter,
  type ApplicationFilterKey,
  type ApplicationFilterPatch,
} from '../lib/application-filter';
import { cityLabel, customerLabel, serviceNamesOf } from '../lib/filter-labels';
import './applications.css';

const CUSTOMER_TYPES: Record<string, string> = {
  customer: 'все',
  organization: 'только организации',
};

function describe(
  key: ApplicationFilterKey,
  filter: ApplicationFilter,
  items: Application[],
  serviceNames: ReadonlyMap<number, string>,
): string {
  const value = filter[key] ?? '';
  switch (key) {
    case 'query':
      return `«${value}»`;
    case 'services': {
      const fromItems = serviceNamesOf(items);
      const names = value.split(',').map((raw) => {
        const id = Number(raw);
        return serviceNames.get(id) ?? fromItems.get(id) ?? `услуга № ${raw}`;
      });
      return `Услуги: ${names.join(', ')}`;
    }
    case 'address':
      return `Город: ${cityLabel(filter, items)}`;
    case 'min_price':
      return `Цена от ${formatMoney(Number(value))}`;
    case 'max_price':
      return `Цена до ${formatMoney(Number(value))}`;
    case 'deadline':
      return `Срок до ${formatPublicDate(value)}`;
    case 'customer':
      return `Заказчик: ${customerLabel(filter, items)}`;
    case 'type':
      return `Заказчики: ${CUSTOMER_TYPES[value] ?? value}`;
  }
}

export interface ActiveFiltersProps {
  filter: ApplicationFilter;
  onChange: (patch: ApplicationFilterPatch) => void;
  /** Names of services from the picker's list, when it has loaded. */
  serviceNames?: ReadonlyMap<number, string>;
}

/** The filters in force as removable chips, and a link that drops them all. */
export function ActiveFilters({ filter, onChange, serviceNames = new Map() }: ActiveFiltersProps) {
  const { pathname } = useLocation();
  const { data } = useApplications(filter);
  if (!hasActiveFilters(filter)) return null;
  const items = data?.items ?? [];

  return (
    <div className="active-filters" aria-label="Выбранные фильтры" role="group">
      <ul className="active-filters__list">
        {APPLICATION_FILTER_KEYS.map((key) => {
          if (!filter[key]) return null;
          const label = describe(key, filter, items, serviceNames);
          return (
            <li key={key}>
              <button
                type="button"
                className="active-filters__chip"
                onClick={() => onChange({ [key]: undefined })}
                aria-label={`Убрать фильтр ${label}`}
              >
                {label} <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Link to={pathname} className="active-filters__reset">
        Сбросить фильтры
      </Link>
    </div>
  );
}
