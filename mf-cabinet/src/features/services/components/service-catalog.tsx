import { Button, ServicePicker, VisuallyHidden, type Service } from 'shared';
import { removeControl } from '../../../lib/use-focus-after-removal';

/** The offers' kind for the focus after an addition, whose «Добавить» gives way to «Добавлена» (useFocusAfterRemoval). */
export const CATALOG_OFFERS = 'service-offer';

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
              {...removeControl(CATALOG_OFFERS, service.id)}
            >
              Добавить<VisuallyHidden>{` услугу «${service.name}»`}</VisuallyHidden>
            </Button>
          )}
        </>
      )}
    />
  );
}
