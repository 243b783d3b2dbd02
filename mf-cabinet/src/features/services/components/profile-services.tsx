import { ErrorState, errorMessage, Skeleton, type Service } from 'shared';
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

/** The executor's (or organisation's) services: its list with removal and the catalogue to add from. */
export function ProfileServices({ profileId }: { profileId: number }) {
  const list = useProfileServices(profileId);
  const change = useChangeProfileService(profileId);
  const inFlight = useServicesInFlight();

  const run = (action: ServiceChange['action']) => (service: Service) =>
    change.mutate(
      { action, service },
      {
        onSuccess: ({ message }) => notifySuccess(message, action === 'add' ? SERVICE_ADDED : SERVICE_REMOVED),
        onError: (error) => notifyError(error, action === 'add' ? 'Не удалось добавить услугу' : 'Не удалось удалить услугу'),
      },
    );

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
        <h2 id="services-mine-title">Ваши услуги</h2>
        {list.isPending ? <ListSkeleton /> : <MyServices services={items} inFlight={inFlight} onRemove={run('remove')} />}
      </section>
      <section className="services-section" aria-labelledby="services-add-title">
        <h2 id="services-add-title">Добавить услуги</h2>
        {!list.isPending && <ServiceCatalog chosen={new Set(items.map((s) => s.id))} inFlight={inFlight} onAdd={run('add')} />}
      </section>
    </>
  );
}
