import { Button, EmptyState, VisuallyHidden, type Service } from 'shared';
import { removeControl } from '../../../lib/use-focus-after-removal';

/** The rows' kind for the focus after a removal (useFocusAfterRemoval). */
export const SERVICE_ROWS = 'service';

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
            {/* Shown under the name; heard after it as «…, группа …», not run together with it. */}
            {service.group && (
              <span className="services-mine__group">
                <VisuallyHidden>, группа </VisuallyHidden>
                {service.group}
              </span>
            )}
          </span>
          <Button
            variant="ghost"
            size="sm"
            loading={inFlight.has(service.id)}
            onClick={() => onRemove(service)}
            {...removeControl(SERVICE_ROWS, service.id)}
          >
            Удалить<VisuallyHidden>{` услугу «${service.name}»`}</VisuallyHidden>
          </Button>
        </li>
      ))}
    </ul>
  );
}
