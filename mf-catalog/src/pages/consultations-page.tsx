import { ConsultationsContent } from '../features/info/components/consultations-content';
import { InfoPage } from '../features/info/components/info-page';

/** `/consultations` */
export function Component() {
  return (
    <InfoPage title="Консультации" lead="Помощь с заявкой, выбором исполнителя и документами.">
      <ConsultationsContent />
    </InfoPage>
  );
}
