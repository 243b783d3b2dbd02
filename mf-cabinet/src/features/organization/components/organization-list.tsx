import { Button, Card, quoted, useOneAtATime, VisuallyHidden } from 'shared';
import { type Organization } from 'shared/lk';
import { useFocusOnSwitch } from '../../../lib/use-focus-on-switch';
import { useSwitchToOrganization } from '../api/switch-to-organization';

export type OrganizationItem = Omit<Organization, 'documents'>;

export const ROLE_LABELS: Record<Organization['role'], string> = { director: 'Руководитель', employee: 'Сотрудник' };

/** Every organisation the user belongs to: its role there, the active one marked, a switch for the others. */
export function OrganizationList({ items }: { items: OrganizationItem[] }) {
  const update = useSwitchToOrganization();
  // A double click lands both clicks before the button is drawn busy.
  const updateOnce = useOneAtATime(update);
  const pendingId = update.isPending ? update.variables?.id : undefined;
  const activeStatus = useFocusOnSwitch<HTMLParagraphElement>(items.find((org) => org.active)?.id);

  // The outcome is said by the mutation itself: heard even if the page is left meanwhile.
  const switchTo = (id: number) => updateOnce({ id });

  return (
    <ul className="org-list">
      {items.map((org) => (
        <li key={org.id}>
          <Card as="article" className={org.active ? 'org-card org-card--active' : 'org-card'} aria-labelledby={`org-${org.id}-name`}>
            <div className="org-card__head">
              <h3 id={`org-${org.id}-name`} className="org-card__name">
                {org.name}
              </h3>
              <span className={`org-badge org-badge--${org.role}`}>{ROLE_LABELS[org.role]}</span>
            </div>
            <p className="org-card__meta">ИНН {org.inn}</p>
            {org.active ? (
              <p ref={activeStatus} className="org-card__status" tabIndex={-1}>
                Активный профиль
              </p>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                // The pressed button keeps the focus while busy; the others wait for it.
                loading={pendingId === org.id}
                disabled={update.isPending && pendingId !== org.id}
                onClick={() => switchTo(org.id)}
              >
                Переключиться<VisuallyHidden>{` на организацию ${quoted(org.name)}`}</VisuallyHidden>
              </Button>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
