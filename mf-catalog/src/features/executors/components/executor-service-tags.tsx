import { Link } from 'react-router-dom';
import type { NamedRef } from 'shared';

/** Each tag opens the executors who provide that service. */
export function ExecutorServiceTags({ services }: { services: readonly NamedRef[] }) {
  if (services.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Услуги">
      {services.map((service) => (
        <li key={service.id}>
          <Link className="tag" to={`/executor/search?services=${service.id}`}>
            {service.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
