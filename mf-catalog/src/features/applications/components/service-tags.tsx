import { Link } from 'react-router-dom';
import type { Application } from 'shared';

/** Each tag opens the list filtered by that service. */
export function ServiceTags({ services, label = 'Услуги' }: { services: Application['services']; label?: string }) {
  if (services.length === 0) return null;
  return (
    <ul className="service-tags" aria-label={label}>
      {services.map((service) => (
        <li key={service.id}>
          <Link className="service-tag" to={`/application?services=${service.id}`}>
            {service.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
