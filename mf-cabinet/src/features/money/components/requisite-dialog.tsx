import { Dialog, ErrorState, errorMessage, LoadingSkeleton, Skeleton, useQueryRetry } from 'shared';
import { type BankRequisite } from 'shared/lk';
import { useOrganizationProfile } from '../../../lib/organization-profile';
import { useCurrencies } from '../api/get-requisites';
import { RequisiteFormDialog, type RequisitePrefill } from './requisite-form-dialog';

export interface RequisiteDialogProps {
  profileId: number;
  requisite?: BankRequisite | undefined;
  /** The active profile is an organisation: its new requisites start from its name, INN and KPP. */
  organization?: boolean;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** The requisite form once the currencies it offers are known. */
export function RequisiteDialog({ profileId, requisite, organization = false, onClose, onSaved }: RequisiteDialogProps) {
  const currencies = useCurrencies();
  // The organisation's data is known (/lk/organization shows it): not typed again (QA PP-6). Without
  // it (a failed lookup) the form opens empty, as for a person.
  const party = useOrganizationProfile(profileId, organization && !requisite);
  const prefill: RequisitePrefill | undefined = party.data && { recipientName: party.data.name, inn: party.data.inn, kpp: party.data.kpp ?? '' };
  // «Повторить» stays, busy, until the answer; then the form's dialog takes the focus it had.
  const retry = useQueryRetry(currencies);
  const title = requisite ? 'Изменить реквизиты' : 'Новые реквизиты';
  if (retry.loading || party.isLoading) {
    return (
      <Dialog title={title} onClose={onClose}>
        <LoadingSkeleton>
          <p role="status" className="ui-visually-hidden">
            Загружаем список валют…
          </p>
          <Skeleton shape="block" height="12rem" />
        </LoadingSkeleton>
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
  return <RequisiteFormDialog profileId={profileId} currencies={currencies.data.items} requisite={requisite} prefill={prefill} onClose={onClose} onSaved={onSaved} />;
}
