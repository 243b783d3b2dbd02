import { GuaranteesContent } from '../features/info/components/guarantees-content';
import { InfoPage } from '../features/info/components/info-page';

/** `/guarantees` */
export function Component() {
  return (
    <InfoPage title="Гарантии" lead="Как сервис защищает заказчиков и исполнителей.">
      <GuaranteesContent />
    </InfoPage>
  );
}
