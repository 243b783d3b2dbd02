import { Link, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, ErrorState, errorMessage, PageHeader, PageSkeleton } from 'shared';
import { useOrganizations } from '../features/organization/api/get-organizations';
import { InviteCodeDialog } from '../features/organization/components/invite-code-dialog';
import { OrganizationDetails } from '../features/organization/components/organization-details';
import { OrganizationList } from '../features/organization/components/organization-list';
import '../features/organization/components/organization.css';

/** `?invite` opens the invite-code dialog, so a link (or the add page) can lead straight to it. */
const INVITE_PARAM = 'invite';

export function Component() {
  const organizations = useOrganizations();
  const [params, setParams] = useSearchParams();
  const inviteOpen = params.has(INVITE_PARAM);
  const setInviteOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(INVITE_PARAM, '');
        else next.delete(INVITE_PARAM);
        return next;
      },
      { replace: true },
    );

  const addLink = (
    <Link className="ui-button ui-button--primary ui-button--md" to="/lk/organization/add">
      Добавить организацию
    </Link>
  );
  const inviteButton = (
    <Button variant="secondary" onClick={() => setInviteOpen(true)}>
      Ввести код приглашения
    </Button>
  );

  let content;
  if (organizations.isPending) content = <PageSkeleton label="Загружаем организации…" />;
  else if (organizations.isError) {
    content = (
      <ErrorState
        title="Не удалось загрузить организации"
        message={errorMessage(organizations.error)}
        onRetry={() => void organizations.refetch()}
        retrying={organizations.isRefetching}
      />
    );
  } else if (organizations.data.items.length === 0) {
    content = (
      <EmptyState
        title="У вас пока нет организаций"
        description="Организация — отдельный профиль с ИНН: её руководитель приглашает сотрудников, и все они работают от её имени. Добавьте свою организацию или, если вас пригласили, введите код из СМС."
        action={
          <div className="org-page__actions">
            {addLink}
            {inviteButton}
          </div>
        }
      />
    );
  } else {
    const items = organizations.data.items;
    const active = items.find((org) => org.active);
    content = (
      <>
        {active ? (
          <OrganizationDetails profileId={active.id} />
        ) : (
          <p className="org-page__lead">Сейчас вы действуете не от имени организации. Переключитесь на одну из них, чтобы увидеть её реквизиты.</p>
        )}
        <section className="org-page__section" aria-labelledby="org-list-title">
          <h2 id="org-list-title">Ваши организации</h2>
          <OrganizationList items={items} />
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Организации"
        description="Профили организаций, в которых вы руководитель или сотрудник."
        actions={
          <>
            {addLink}
            {inviteButton}
          </>
        }
      />
      {content}
      {inviteOpen && <InviteCodeDialog onClose={() => setInviteOpen(false)} />}
    </>
  );
}
