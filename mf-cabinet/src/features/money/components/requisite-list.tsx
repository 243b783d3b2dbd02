import { Button, Card, quoted, VisuallyHidden } from 'shared';
import { type BankRequisite } from 'shared/lk';
import { removeControl } from '../../../lib/use-focus-after-removal';

export interface RequisiteListProps {
  requisites: BankRequisite[];
  canManage: boolean;
  onEdit: (requisite: BankRequisite) => void;
  onDelete: (requisite: BankRequisite) => void;
}

export const requisiteTitleId = (id: number) => `requisite-${id}`;
/** The rows' kind for the focus after a deletion (useFocusAfterRemoval). */
export const REQUISITE_ROWS = 'requisite';

/** Each requisite as a card: recipient, tax numbers, bank, accounts, currency; edit and delete for its managers. */
export function RequisiteList({ requisites, canManage, onEdit, onDelete }: RequisiteListProps) {
  return (
    <ul className="money-requisites">
      {requisites.map((r) => (
        <li key={r.id}>
          <Card as="article" className="money-requisite" aria-labelledby={requisiteTitleId(r.id)}>
            <h3 id={requisiteTitleId(r.id)} className="money-requisite__title" tabIndex={-1}>
              {r.recipientName}
            </h3>
            <dl className="money-requisite__facts">
              <dt>ИНН</dt>
              <dd>
                {r.inn}
                {r.kpp ? `, КПП ${r.kpp}` : ''}
              </dd>
              <dt>Банк</dt>
              <dd>
                {r.bankName ?? 'Банк не указан'}, БИК {r.bic}
              </dd>
              <dt>Расчётный счёт</dt>
              <dd className="money-requisite__number">{r.account}</dd>
              <dt>Корр. счёт</dt>
              <dd className="money-requisite__number">{r.correspondentAccount}</dd>
              <dt>Валюта</dt>
              <dd>{r.currency.code}</dd>
            </dl>
            {canManage && (
              <div className="money-requisite__actions">
                <Button variant="secondary" size="sm" onClick={() => onEdit(r)}>
                  Изменить<VisuallyHidden>{` реквизиты ${quoted(r.recipientName)}, счёт ${r.account}`}</VisuallyHidden>
                </Button>
                <Button variant="ghost" size="sm" {...removeControl(REQUISITE_ROWS, r.id)} onClick={() => onDelete(r)}>
                  Удалить<VisuallyHidden>{` реквизиты ${quoted(r.recipientName)}, счёт ${r.account}`}</VisuallyHidden>
                </Button>
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
