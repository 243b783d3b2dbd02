import { ConsultationsContent } from '../features/info/components/consultations-content';
import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage } from '../features/info/components/info-page';

/** `/consultations` */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['consultations']}>
      <ConsultationsContent />
    </InfoPage>
  );
}
