import { Button } from 'shared';
import { type Party } from 'shared/lk';

export type LookupState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'found'; party: Party }
  | { status: 'manual'; message: string }
  | { status: 'failed'; message: string };

export interface PartyLookupProps {
  state: LookupState;
  onFind: () => void;
}

/** «Найти по ИНН» and what it found; the outcome is announced, and the form stays usable whatever it is. */
export function PartyLookup({ state, onFind }: PartyLookupProps) {
  return (
    <div className="org-lookup">
      <Button variant="secondary" loading={state.status === 'pending'} onClick={onFind}>
        Найти по ИНН
      </Button>
      <div role="status" className="org-lookup__status">
        {state.status === 'found' && (
          <div className="org-notice org-notice--success">
            <p className="org-notice__title">Данные заполнены по ИНН — проверьте их</p>
            {state.party.director && (
              <p className="org-notice__text">
                {state.party.directorPost ?? 'Руководитель'}: {state.party.director}
              </p>
            )}
          </div>
        )}
        {/* The server's words say it all («…: заполните данные вручную»): no title to say it twice. */}
        {state.status === 'manual' && (
          <div className="org-notice">
            <p className="org-notice__title">{state.message}</p>
          </div>
        )}
      </div>
      {state.status === 'failed' && (
        <div role="alert" className="org-notice org-notice--error">
          <p className="org-notice__title">Не удалось найти организацию по ИНН</p>
          <p className="org-notice__text">{state.message}</p>
        </div>
      )}
    </div>
  );
}
