import { Link, useLocation } from 'react-router-dom';
import { formatDate, formatMoney, type Application } from 'shared';
import { useApplications } from '../api/get-applications';
import {
  APPLICATION_FILTER_KEYS,
  hasActiveFilters,
  type ApplicationFilter,
  type ApplicationFilterPatch,
} from '../hooks/application-filter';
import './applications.css';

type FilterKey = (typeof APPLICATION_FILTER_KEYS)[number];

const CUSTOMER_TYPES: Record<string, string> = {
  customer: 'частные заказчики',
  executor: 'исполнители',
  organization: 'организации',
};

/**
 * Names of services, cities and customers are taken from the applications already on screen
 * (the same cached query), so showing the chips costs no extra request.
 */
function describe(key: FilterKey, value: string, items: Application[]): string {
  switch (key) {
    case 'query':
      return `«${value}»`;
    case 'services': {
      const names = value.split(',').map((raw) => {
        const id = Number(raw);
        const found = items.flatMap((a) => a.services).find((s) => s.id === id);
        return found ? found.name : `услуга № ${raw.trim()}`;
      });
      return `Услуги: ${names.join(', ')}`;
    }
    case 'address': {
      const found = items.find((a) => a.address.cityFiasId === value);
      return `Город: ${found ? (found.address.value.split(',')[0] ?? found.address.value) : 'выбран'}`;
    }
    case 'min_price':
      return `Цена от ${formatMoney(Number(value))}`;
    case 'max_price':
      return `Цена до ${formatMoney(Number(value))}`;
    case 'deadline':
      return `Срок до ${formatDate(value)}`;
    case 'customer': {
      const found = items.find((a) => String(a.customer.id) === value);
      return `Заказчик: ${found ? found.customer.name : `№ ${value}`}`;
    }
    case 'type':
      return `Заказчики: ${CUSTOMER_TYPES[value] ?? value}`;
  }
}

export interface ActiveFiltersProps {
  filter: ApplicationFilter;
  onChange: (patch: ApplicationFilterPatch) => void;
}

export function ActiveFilters({ filter, onChange }: ActiveFiltersProps) {
  const { pathname } = useLocation();
  const { data } = useApplications(filter);
  if (!hasActiveFilters(filter)) return null;
  const items = data?.items ?? [];

  return (
    <div className="active-filters" aria-label="Выбранные фильтры" role="group">
      <ul className="active-filters__list">
        {APPLICATION_FILTER_KEYS.map((key) => {
          const value = filter[key];
          if (!value) return null;
          const label = describe(key, value, items);
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
