import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, errorMessage, ErrorState, PageHeader, PageSkeleton, useQueryRetry, useSessionStore } from 'shared';
import { useOrganizations } from '../features/organization/api/get-organizations';
import { InviteCodeDialog } from '../features/organization/components/invite-code-dialog';
import { OrganizationDetails } from '../features/organization/components/organization-details';
import { OrganizationList } from '../features/organization/components/organization-list';
import '../features/organization/components/organization.css';

/** `?invite` opens the invite-code dialog, so a link (or the add page) can lead straight to it. */
const INVITE_PARAM = 'invite';

export function Component() {
  const organizations = useOrganizations();
  const activeProfileId = useSessionStore((state) => state.activeProfile?.id ?? null);
  // «Повторить» stays, busy, until the answer; then «Ваши организации» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(organizations);
  const [params, setParams] = useSearchParams();
  // Once the invite is accepted, `?invite` leaves the address (a reload would ask for a code again)
  // while «Вы в команде» stays open until it is closed.
  const [joined, setJoined] = useState(false);
  const inviteOpen = params.has(INVITE_PARAM) || joined;
  const setInviteParam = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(INVITE_PARAM, '');
        else next.delete(INVITE_PARAM);
        return next;
      },
      { replace: true },
    );
  const setInviteOpen = (open: boolean) => {
    if (!open) setJoined(false);
    setInviteParam(open);
  };
  const onInviteAccepted = () => {
    setJoined(true);
    setInviteParam(false);
  };

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

  // Without organisations the empty state offers both ways in; the header does not say them twice.
  // Nor does it show them while the list loads: a button pressed then would go with an empty list.
  const empty = organizations.data?.items.length === 0;
  const headerActions = !retry.loading && !empty;
  let content;
  if (retry.loading) content = <PageSkeleton label="Загружаем организации…" />;
  else if (retry.failed || !organizations.data) {
    content = (
      <ErrorState
        title="Не удалось загрузить организации"
        message={errorMessage(retry.error)}
        onRetry={retry.retry}
        retrying={retry.retrying}
      />
    );
  } else if (empty) {
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
    // The active profile as the session holds it, which the page's other calls act as: the list's
    // mark may lag behind a switch or a deletion, and the requisites asked for an organisation no
    // longer active would be refused (QA WW-5: «Не удалось загрузить реквизиты» flashed on deleting it).
    const active = items.find((org) => org.id === activeProfileId);
    content = (
      <>
        {active ? (
          <OrganizationDetails profileId={active.id} />
        ) : (
          <p className="org-page__lead">Сейчас вы действуете не от имени организации. Переключитесь на одну из них, чтобы увидеть её реквизиты.</p>
        )}
        <section className="org-page__section" aria-labelledby="org-list-title">
          <h2 ref={retry.target} id="org-list-title" tabIndex={-1}>
            Ваши организации
          </h2>
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
          headerActions ? (
            <>
              {addLink}
              {inviteButton}
            </>
          ) : undefined
        }
      />
      {content}
      {inviteOpen && <InviteCodeDialog onAccepted={onInviteAccepted} onClose={() => setInviteOpen(false)} />}
    </>
  );
}
