import { Button, ServicePicker, VisuallyHidden, type Service } from 'shared';

export interface ServiceCatalogProps {
  chosen: ReadonlySet<number>;
  inFlight: ReadonlySet<number>;
  onAdd: (service: Service) => void;
}

/** The catalogue, searchable and grouped; a service the profile has is marked instead of offered. */
export function ServiceCatalog({ chosen, inFlight, onAdd }: ServiceCatalogProps) {
  return (
    <ServicePicker
      renderItem={(service) => (
        <>
          <span>{service.name}</span>
          {chosen.has(service.id) && !inFlight.has(service.id) ? (
            <span className="services-catalog__added">Добавлена</span>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              loading={inFlight.has(service.id)}
              onClick={() => onAdd(service)}
              data-service-action="add"
              data-service-id={service.id}
            >
              Добавить<VisuallyHidden>{` услугу «${service.name}»`}</VisuallyHidden>
            </Button>
          )}
        </>
      )}
    />
  );
}
