import { useQueryClient } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import {
  Button,
  PageHeader,
  type SessionProfile,
  TextField,
  useBusEvent,
  useDebouncedValue,
  useQueryRetry,
  useSessionStore,
} from 'shared';
import { useProfileRights } from 'shared/lk';
import { removalFallback, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useEmployees } from '../api/get-employees';
import { reloadStaffAfterNotice } from '../api/staff-changed';
import { EMPLOYEE_ROWS } from './employee-card';
import { EmployeeDialogs, type OpenAction } from './employee-dialogs';
import { EmployeeResults } from './employee-results';
import { InviteDialog } from './invite-dialog';
import { PendingInvites } from './pending-invites';

/**
 * `/lk/employee` for an organisation profile: its director manages the staff, an employee sees it.
 * `headingRef`: the page's «Сотрудники», which takes the focus of the profile's «Повторить».
 */
export function EmployeesView({ profile, headingRef }: { profile: SessionProfile; headingRef?: Ref<HTMLHeadingElement> }) {
  const rights = useProfileRights(profile);
  const isDirector = rights.role === 'director';
  const myUserId = useSessionStore((s) => s.user?.id ?? null);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  // The page belongs to the search it was chosen for: a new search starts from the first page.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const employees = useEmployees(profile.id, { query, page });
  // «Повторить» stays, busy, until the answer; then the search field takes its focus.
  const retry = useQueryRetry<HTMLInputElement>(employees);
  const [open, setOpen] = useState<OpenAction | null>(null);
  const [inviting, setInviting] = useState(false);
  // An excluded member's «Исключить» goes with his card: the next one's takes the focus, or «Пригласить сотрудника».
  const prepareRemoval = useFocusAfterRemoval(EMPLOYEE_ROWS, { settled: open === null });
  // An invite accepted or declined, a member who left: the director hears it as a notification,
  // and the staff and the pending invites shown are reloaded with it (not once the organisation is
  // no longer the user's: deleted, or he was excluded).
  const queryClient = useQueryClient();
  useBusEvent('notification:received', () => void reloadStaffAfterNotice(queryClient, profile.id));

  return (
    <>
      <PageHeader
        headingRef={headingRef}
        title="Сотрудники"
        description={profile.name}
        actions={
          isDirector && (
            <Button {...removalFallback(EMPLOYEE_ROWS)} onClick={() => setInviting(true)}>
              Пригласить сотрудника
            </Button>
          )
        }
      />
      {rights.role === 'employee' && (
        <p className="emp-lead">Вы сотрудник организации. Приглашать и исключать сотрудников может её руководитель.</p>
      )}
      <div role="search" className="emp-search">
        <TextField
          ref={retry.target}
          type="search"
          label="Поиск сотрудников"
          hint="По имени, телефону или должности"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <EmployeeResults
        query={employees}
        retry={retry}
        search={query}
        myUserId={myUserId}
        manage={isDirector}
        onAction={(action, employee) => setOpen({ action, employee })}
        onPage={(next) => setPaging({ query, page: next })}
      />
      {isDirector && <PendingInvites profileId={profile.id} />}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {open && <EmployeeDialogs open={open} organizationName={profile.name} prepareRemoval={prepareRemoval} onClose={() => setOpen(null)} />}
    </>
  );
}
