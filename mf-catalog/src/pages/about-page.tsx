import { AboutContent } from '../features/info/components/about-content';
import { InfoPage } from '../features/info/components/info-page';

/** `/about` */
export function Component() {
  return (
    <InfoPage title="О сервисе" lead="Заявки на услуги и исполнители в одном месте.">
      <AboutContent />
    </InfoPage>
  );
}
