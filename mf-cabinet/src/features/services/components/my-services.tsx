import { Button, EmptyState, VisuallyHidden, type Service } from 'shared';

export interface MyServicesProps {
  services: Service[];
  inFlight: ReadonlySet<number>;
  onRemove: (service: Service) => void;
}

const byName = (a: Service, b: Service) => a.name.localeCompare(b.name, 'ru');

/** The profile's services, each with its removal. */
export function MyServices({ services, inFlight, onRemove }: MyServicesProps) {
  if (services.length === 0) {
    return (
      <EmptyState
        title="Услуги не выбраны"
        description="Добавьте услуги из каталога ниже: заказчики найдут вас по ним, а подходящие заявки будет проще отыскать."
      />
    );
  }
  return (
    <ul className="services-mine">
      {[...services].sort(byName).map((service) => (
        <li key={service.id} className="services-mine__item">
          <span className="services-mine__text">
            <span className="services-mine__name">{service.name}</span>
            {service.group && <span className="services-mine__group">{service.group}</span>}
          </span>
          <Button
            variant="ghost"
            size="sm"
            loading={inFlight.has(service.id)}
            onClick={() => onRemove(service)}
            data-service-action="remove"
            data-service-id={service.id}
          >
            Удалить<VisuallyHidden>{` услугу «${service.name}»`}</VisuallyHidden>
          </Button>
        </li>
      ))}
    </ul>
  );
}
