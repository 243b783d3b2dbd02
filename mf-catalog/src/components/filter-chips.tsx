import { Link } from 'react-router-dom';
import './filters.css';

export interface FilterChip {
  key: string;
  label: string;
  onRemove: () => void;
}

/** The filters in force as removable chips, and a link that drops them all. */
export function FilterChips({ chips, resetTo }: { chips: FilterChip[]; resetTo: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Выбранные фильтры">
      <ul className="filter-chips__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="filter-chips__chip" onClick={chip.onRemove} aria-label={`Убрать фильтр ${chip.label}`}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <Link to={resetTo}>Сбросить фильтры</Link>
    </div>
  );
}
