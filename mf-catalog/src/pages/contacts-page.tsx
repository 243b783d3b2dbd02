import { CallbackForm } from '../features/callback/components/callback-form';
import { ContactsContent } from '../features/info/components/contacts-content';
import { InfoPage } from '../features/info/components/info-page';

/** `/contacts` */
export function Component() {
  return (
    <InfoPage title="Контакты" lead="Поможем разобраться с заявкой, документами и оплатой.">
      <div className="contacts-layout">
        <ContactsContent />
        <CallbackForm />
      </div>
    </InfoPage>
  );
}
