import { useState } from 'react';
import { Button, ErrorState, errorMessage, LoadingSkeleton, Skeleton, useQueryRetry } from 'shared';
import { type Organization } from 'shared/lk';
import { useOrganizationProfile } from '../../../lib/organization-profile';
import { DeleteOrganizationDialog } from './delete-organization-dialog';
import { EditOrganizationDialog } from './edit-organization-dialog';
import { OrganizationDocuments } from './organization-documents';
import { ROLE_LABELS } from './organization-list';

type Open = 'edit' | 'delete' | null;

function Requisites({ organization }: { organization: Organization }) {
  const rows: [string, string | null][] = [
    ['ИНН', organization.inn],
    ['КПП', organization.kpp],
    ['ОГРН', organization.ogrn],
    ['Юридический адрес', organization.address?.value || null],
    ['Город', organization.city?.value || null],
    ['Руководитель', organization.director.name],
    ['Ваша роль', ROLE_LABELS[organization.role]],
  ];
  return (
    <dl className="org-details__list">
      {rows.map(([term, value]) => (
        <div key={term} className="org-details__row">
          <dt>{term}</dt>
          <dd>{value ?? 'Не указан'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The active organisation's requisites and documents from `organization/get/profile`; its director edits or deletes it. */
export function OrganizationDetails({ profileId }: { profileId: number }) {
  const query = useOrganizationProfile(profileId);
  // «Повторить» stays, busy, until the answer; then «Активная организация» takes its focus.
  const retry = useQueryRetry<HTMLHeadingElement>(query);
  const [open, setOpen] = useState<Open>(null);

  let content;
  if (retry.loading) {
    content = (
      <LoadingSkeleton>
        <div aria-busy="true">
          <p role="status" className="ui-visually-hidden">
            Загружаем реквизиты…
          </p>
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </div>
      </LoadingSkeleton>
    );
  } else if (retry.failed || !query.data) {
    content = (
      <ErrorState title="Не удалось загрузить реквизиты" message={errorMessage(retry.error)} onRetry={retry.retry} retrying={retry.retrying} />
    );
  } else {
    const organization = query.data;
    content = (
      <>
        <p className="org-details__name">{organization.name}</p>
        {organization.description && <p className="org-details__description">{organization.description}</p>}
        <Requisites organization={organization} />
        {organization.role === 'director' && (
          <div className="org-details__actions">
            <Button variant="secondary" onClick={() => setOpen('edit')}>
              Изменить данные
            </Button>
            <Button variant="ghost-danger" onClick={() => setOpen('delete')}>
              Удалить организацию
            </Button>
          </div>
        )}
        <OrganizationDocuments profileId={profileId} organization={organization} />
        {open === 'edit' && <EditOrganizationDialog organization={organization} onClose={() => setOpen(null)} />}
        {open === 'delete' && <DeleteOrganizationDialog organization={organization} onClose={() => setOpen(null)} />}
      </>
    );
  }

  return (
    <section className="org-details" aria-labelledby="org-details-title">
      <h2 ref={retry.target} id="org-details-title" tabIndex={-1}>
        Активная организация
      </h2>
      {content}
    </section>
  );
}
