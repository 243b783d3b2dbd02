import { useRef, type RefObject } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { applicationKeys, EmptyState, PageHeader, PageSkeleton, useDocumentTitle, useLiveApplications } from 'shared';
import { ProfileLoadError, useActiveProfile } from 'shared/lk';
import { LkApplicationResults } from '../features/list/components/lk-application-results';
import { ListSearch } from '../features/list/components/list-search';
import { RoleSwitch } from '../features/list/components/role-switch';
import { StatusTabs } from '../features/list/components/status-tabs';
import { listTitle, readListSearch, rolesOf, statusesFor, type ListFilter } from '../features/list/lib/list-filter';
import { lkApplicationPaths } from '../lib/lk-paths';
import '../features/list/components/list.css';

const TITLE = 'Мои заявки';

/** `/lk/application`: the active profile's applications, by role (organisations), status tab (`?status=`), search (`?query=`) and page. */
export function Component() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const active = useActiveProfile();
  const page = useRef<HTMLElement>(null);
  // A card's status and actions change with the other party's.
  useLiveApplications(applicationKeys.lists());

  if (active.isPending) return <PageSkeleton label="Загружаем заявки…" title={TITLE} />;
  if (!active.profile) {
    return (
      <section className="lk-list-page">
        <PageHeader title={TITLE} />
        {active.isError ? (
          <ProfileLoadError active={active} />
        ) : (
          <EmptyState title="Профиль не выбран" description="Заявки создаются и выполняются от имени профиля." action={<Link to="/lk/profile">Выбрать профиль</Link>} />
        )}
      </section>
    );
  }

  const roles = rolesOf(active.profile.type);
  const filter = readListSearch(params, roles);
  return (
    <ListView filter={filter} roles={roles} pathname={pathname} profileId={active.profile.id} page={page} />
  );
}

function ListView({ filter, roles, pathname, profileId, page }: { filter: ListFilter; roles: ReturnType<typeof rolesOf>; pathname: string; profileId: number; page: RefObject<HTMLElement | null> }) {
  const { role } = filter;
  useDocumentTitle(listTitle(TITLE, filter));
  return (
    <section ref={page} className="lk-list-page">
      <PageHeader
        title={TITLE}
        description={role === 'customer' ? 'Заявки, которые вы разместили' : 'Заявки, на которые вы откликнулись или которые выполняете'}
        actions={
          role === 'customer' ? (
            <Link className="ui-button ui-button--primary" to={lkApplicationPaths.form}>
              Создать заявку
            </Link>
          ) : undefined
        }
      />
      <RoleSwitch roles={roles} current={role} pathname={pathname} />
      <StatusTabs statuses={statusesFor(role)} filter={filter} roles={roles} pathname={pathname} />
      <ListSearch filter={filter} roles={roles} pathname={pathname} />
      <LkApplicationResults profileId={profileId} filter={filter} roles={roles} page={page} />
    </section>
  );
}
