import { GuaranteesContent } from '../features/info/components/guarantees-content';
import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage } from '../features/info/components/info-page';

/** `/guarantees` */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['guarantees']}>
      <GuaranteesContent />
    </InfoPage>
  );
}
