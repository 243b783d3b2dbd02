import { Link } from 'react-router-dom';
import { useFromState } from 'shared';
import type { MapItem } from '../types';

/**
 * The map's items as a plain list of links: hidden from the eye, read by screen readers, and
 * shown while a keyboard user is inside it (a skip-link pattern), so focus is never invisible.
 */
export function MapItemsList({ items, label }: { items: readonly MapItem[]; label: string }) {
  const fromState = useFromState();
  if (items.length === 0) return null;
  return (
    <ul className="map-items-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={item.href} state={fromState}>{item.name}</Link>
          {item.subtitle && <span>, {item.subtitle}</span>}
        </li>
      ))}
    </ul>
  );
}
