import { ErrorState, errorMessage, focusLost, Skeleton, type Service } from 'shared';
import { useChangeProfileService, type ServiceChange } from '../api/change-profile-service';
import { useProfileServices } from '../../../lib/profile-services';
import { useServicesInFlight } from '../hooks/use-services-in-flight';
import { notifyError, notifySuccess } from '../lib/notify';
import { MyServices } from './my-services';
import { ServiceCatalog } from './service-catalog';

export const SERVICE_ADDED = 'Услуга добавлена';
export const SERVICE_REMOVED = 'Услуга удалена';

function ListSkeleton() {
  return (
    <div className="services-skeleton" aria-busy="true">
      <p role="status" className="ui-visually-hidden">
        Загружаем ваши услуги…
      </p>
      <Skeleton shape="block" height="3rem" />
      <Skeleton shape="block" height="3rem" />
    </div>
  );
}

/**
 * Where the focus goes once a change has settled, if it fell to the page meanwhile (the button is
 * disabled while busy, and a removed row or an added service's button goes): the next button of
 * the same kind (or the one before), else «Ваши услуги» for a removal and the catalogue's search
 * field for an addition; after a failure, the service's own button again.
 */
function focusAfterChange(action: ServiceChange['action'], serviceId: number): (failed: boolean) => void {
  const selector = `[data-service-action="${action}"]`;
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(selector)];
  const index = buttons.findIndex((button) => button.dataset.serviceId === String(serviceId));
  const neighbours = index < 0 ? [] : [...buttons.slice(index + 1), ...buttons.slice(0, index).reverse()].map((button) => button.dataset.serviceId);
  const button = (id: string | undefined) => document.querySelector<HTMLButtonElement>(`${selector}[data-service-id="${id}"]:not(:disabled)`);
  return (failed) => {
    // Once React has shown the change.
    setTimeout(() => {
      if (!focusLost()) return;
      const fallback =
        action === 'remove'
          ? document.getElementById('services-mine-title')
          : document.querySelector<HTMLElement>('[aria-labelledby="services-add-title"] input');
      const target = (failed ? button(String(serviceId)) : null) ?? neighbours.map(button).find(Boolean) ?? fallback;
      target?.focus();
    }, 0);
  };
}

/** The executor's (or organisation's) services: its list with removal and the catalogue to add from. */
export function ProfileServices({ profileId }: { profileId: number }) {
  const list = useProfileServices(profileId);
  const change = useChangeProfileService(profileId);
  const inFlight = useServicesInFlight();

  const run = (action: ServiceChange['action']) => (service: Service) => {
    const refocus = focusAfterChange(action, service.id);
    change.mutate(
      { action, service },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message, action === 'add' ? SERVICE_ADDED : SERVICE_REMOVED);
          refocus(false);
        },
        onError: (error) => {
          notifyError(error, action === 'add' ? 'Не удалось добавить услугу' : 'Не удалось удалить услугу');
          refocus(true);
        },
      },
    );
  };

  if (list.isError) {
    return (
      <ErrorState
        title="Не удалось загрузить ваши услуги"
        message={errorMessage(list.error, 'Неизвестная ошибка')}
        retrying={list.isRefetching}
        onRetry={() => void list.refetch()}
      />
    );
  }

  const items = list.data?.items ?? [];
  return (
    <>
      <section className="services-section" aria-labelledby="services-mine-title">
        <h2 id="services-mine-title" tabIndex={-1}>
          Ваши услуги
        </h2>
        {list.isPending ? <ListSkeleton /> : <MyServices services={items} inFlight={inFlight} onRemove={run('remove')} />}
      </section>
      <section className="services-section" aria-labelledby="services-add-title">
        <h2 id="services-add-title">Добавить услуги</h2>
        {!list.isPending && <ServiceCatalog chosen={new Set(items.map((s) => s.id))} inFlight={inFlight} onAdd={run('add')} />}
      </section>
    </>
  );
}
