import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage, TableOfContents, type TocItem } from '../features/info/components/info-page';
import { ReferenceCustomers, ReferenceStart } from '../features/info/components/reference-customers';
import { ReferenceExecutors, ReferenceStatuses } from '../features/info/components/reference-executors';
import { ReferenceFaq } from '../features/info/components/reference-faq';

const SECTIONS: readonly TocItem[] = [
  { id: 'start', title: 'Регистрация и профили' },
  { id: 'customers', title: 'Заказчикам' },
  { id: 'executors', title: 'Исполнителям' },
  { id: 'statuses', title: 'Статусы заявки' },
  { id: 'faq', title: 'Частые вопросы' },
];

/** `/reference`: help for customers and executors. */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['reference']}>
      <TableOfContents items={SECTIONS} />
      <article className="prose" aria-label="Справка">
        <ReferenceStart />
        <ReferenceCustomers />
        <ReferenceExecutors />
        <ReferenceStatuses />
        <ReferenceFaq />
      </article>
    </InfoPage>
  );
}
