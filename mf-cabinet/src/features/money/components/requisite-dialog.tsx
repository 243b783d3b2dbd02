import { Dialog, ErrorState, errorMessage, Skeleton } from 'shared';
import { type BankRequisite } from 'shared/lk';
import { useCurrencies } from '../api/get-requisites';
import { RequisiteFormDialog } from './requisite-form-dialog';

export interface RequisiteDialogProps {
  profileId: number;
  requisite?: BankRequisite | undefined;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** The requisite form once the currencies it offers are known. */
export function RequisiteDialog({ profileId, requisite, onClose, onSaved }: RequisiteDialogProps) {
  const currencies = useCurrencies();
  const title = requisite ? 'Изменить реквизиты' : 'Новые реквизиты';
  if (currencies.isPending) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p role="status" className="ui-visually-hidden">
          Загружаем список валют…
        </p>
        <Skeleton shape="block" height="12rem" />
      </Dialog>
    );
  }
  if (currencies.isError) {
    return (
      <Dialog title={title} onClose={onClose}>
        <ErrorState title="Не удалось загрузить список валют" message={errorMessage(currencies.error)} retrying={currencies.isRefetching} onRetry={() => void currencies.refetch()} />
      </Dialog>
    );
  }
  return <RequisiteFormDialog profileId={profileId} currencies={currencies.data.items} requisite={requisite} onClose={onClose} onSaved={onSaved} />;
}
