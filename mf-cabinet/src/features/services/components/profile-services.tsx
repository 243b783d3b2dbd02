import { useRef } from 'react';
import { errorMessage, ErrorState, LoadingSkeleton, type Service, Skeleton, useQueryRetry } from 'shared';
import { removalFallback, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useChangeProfileService, type ServiceChange } from '../api/change-profile-service';
import { useProfileServices } from '../../../lib/profile-services';
import { useServiceChangesInFlight } from '../hooks/use-services-in-flight';
import { notifyError, notifySuccess } from '../lib/notify';
import { MyServices, SERVICE_ROWS } from './my-services';
import { CATALOG_OFFERS, ServiceCatalog } from './service-catalog';

export const SERVICE_ADDED = 'Услуга добавлена';
export const SERVICE_REMOVED = 'Услуга удалена';

function ListSkeleton() {
  return (
    <LoadingSkeleton>
      <div className="services-skeleton" aria-busy="true">
        <p role="status" className="ui-visually-hidden">
          Загружаем ваши услуги…
        </p>
        <Skeleton shape="block" height="3rem" />
        <Skeleton shape="block" height="3rem" />
      </div>
    </LoadingSkeleton>
  );
}

/** The executor's (or organisation's) services: its list with removal and the catalogue to add from. */
export function ProfileServices({ profileId }: { profileId: number }) {
  const list = useProfileServices(profileId);
  // «Повторить» stays, busy, until the answer; then «Ваши услуги» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(list);
  const change = useChangeProfileService(profileId);
  const changes = useServiceChangesInFlight();
  const inFlight = new Set(changes.map((c) => c.service.id));
  const catalog = useRef<HTMLElement>(null);
  // The pressed button is busy while the change runs; then a removed service's «Удалить» goes with
  // its row, an added one's «Добавить» gives way to «Добавлена». If the focus fell to the page
  // meanwhile, it goes to the next button of the same kind (else the one before), else to «Ваши
  // услуги» for a removal and to the catalogue's search field for an addition; after a refusal, to
  // the service's own button again, once the list asked again is shown.
  const settled = !list.isFetching;
  const focusAfter = {
    remove: useFocusAfterRemoval(SERVICE_ROWS, { settled, onlyIfLost: true }),
    add: useFocusAfterRemoval(CATALOG_OFFERS, { settled, onlyIfLost: true, fallback: () => catalog.current?.querySelector<HTMLElement>('input')?.focus() }),
  };

  // The promise, not `mutate`'s callbacks: a second change started before the first is answered
  // takes the mutation's callbacks over, and the first one's answer went unsaid.
  const run = (action: ServiceChange['action']) => (service: Service) => {
    const done = focusAfter[action](service.id);
    change.mutateAsync({ action, service }).then(
      ({ message }) => {
        notifySuccess(message, action === 'add' ? SERVICE_ADDED : SERVICE_REMOVED);
        done();
      },
      (error: unknown) => {
        notifyError(error, action === 'add' ? 'Не удалось добавить услугу' : 'Не удалось удалить услугу');
        done('failed');
      },
    );
  };

  if (retry.failed) {
    return (
      <ErrorState
        title="Не удалось загрузить ваши услуги"
        message={errorMessage(retry.error, 'Неизвестная ошибка')}
        retrying={retry.retrying}
        onRetry={retry.retry}
      />
    );
  }

  const items = list.data?.items ?? [];
  // The list drops a removed service at once (useChangeProfileService); its row stays until the
  // answer, with its «Удалить» busy and keeping the focus, which would fall to the body meanwhile.
  const removing = changes.filter((c) => c.action === 'remove' && !items.some((item) => item.id === c.service.id)).map((c) => c.service);
  const shown = removing.length > 0 ? [...items, ...removing] : items;
  return (
    <>
      <section className="services-section" aria-labelledby="services-mine-title">
        <h2 ref={retry.target} id="services-mine-title" tabIndex={-1} {...removalFallback(SERVICE_ROWS)}>
          Ваши услуги
        </h2>
        {retry.loading ? <ListSkeleton /> : <MyServices services={shown} inFlight={inFlight} onRemove={run('remove')} />}
      </section>
      <section ref={catalog} className="services-section" aria-labelledby="services-add-title">
        <h2 id="services-add-title">Добавить услуги</h2>
        {!retry.loading && <ServiceCatalog chosen={new Set(items.map((s) => s.id))} inFlight={inFlight} onAdd={run('add')} />}
      </section>
    </>
  );
}
