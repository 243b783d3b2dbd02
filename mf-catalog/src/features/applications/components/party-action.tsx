import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { lkApplicationDetailPath, useSessionStore, type ApplicationView } from 'shared';

export type ApplicationParty = 'customer' | 'executor';

/**
 * The signed-in profile's part in the deal: the customer who owns the application, or the executor
 * named on it (`executor` comes only in a party's answer of `application/get`); null for anyone else.
 */
export function partyOf(application: ApplicationView, profileId: number | null | undefined): ApplicationParty | null {
  if (profileId == null) return null;
  if (application.customer.id === profileId) return 'customer';
  if (application.executor?.id === profileId) return 'executor';
  return null;
}

const PARTY_LINES: Record<ApplicationParty, string> = {
  customer: 'Это ваша заявка.',
  executor: 'Вы исполнитель по этой заявке.',
};

/**
 * A party of the deal manages it in the cabinet: it gets a line saying so and the way there instead
 * of the public actions (`children`), which anyone else keeps. The actions stay mounted, each
 * offering a party nothing: a reply dialog opened as another profile, which a switch elsewhere made
 * this one's customer, keeps its text and says for whom it was written (QA VV-1).
 */
export function PartyAction({ application, children }: { application: ApplicationView; children: ReactNode }) {
  const profileId = useSessionStore((s) => s.activeProfile?.id);
  const party = partyOf(application, profileId);
  return (
    <>
      {party && (
        <p className="party-action">
          {PARTY_LINES[party]} <Link to={lkApplicationDetailPath(application.id)}>Открыть заявку в личном кабинете</Link>
        </p>
      )}
      {children}
    </>
  );
}
