import { Dialog, ErrorState, errorMessage, Skeleton, useQueryRetry } from 'shared';
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
  // «Повторить» stays, busy, until the answer; then the form's dialog takes the focus it had.
  const retry = useQueryRetry(currencies);
  const title = requisite ? 'Изменить реквизиты' : 'Новые реквизиты';
  if (retry.loading) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p role="status" className="ui-visually-hidden">
          Загружаем список валют…
        </p>
        <Skeleton shape="block" height="12rem" />
      </Dialog>
    );
  }
  if (retry.failed || !currencies.data) {
    return (
      <Dialog title={title} onClose={onClose}>
        <ErrorState title="Не удалось загрузить список валют" message={errorMessage(retry.error)} retrying={retry.retrying} onRetry={retry.retry} />
      </Dialog>
    );
  }
  return <RequisiteFormDialog profileId={profileId} currencies={currencies.data.items} requisite={requisite} onClose={onClose} onSaved={onSaved} />;
}
