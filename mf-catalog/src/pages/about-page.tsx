import { AboutContent } from '../features/info/components/about-content';
import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage } from '../features/info/components/info-page';

/** `/about` */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['about']}>
      <AboutContent />
    </InfoPage>
  );
}
