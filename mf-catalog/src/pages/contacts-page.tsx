import { CallbackForm } from '../features/callback/components/callback-form';
import { ContactsContent } from '../features/info/components/contacts-content';
import { INFO_PAGES } from '../features/info/lib/info-pages';
import { InfoPage } from '../features/info/components/info-page';

/** `/contacts` */
export function Component() {
  return (
    <InfoPage {...INFO_PAGES['contacts']}>
      <div className="contacts-layout">
        <ContactsContent />
        <CallbackForm />
      </div>
    </InfoPage>
  );
}
