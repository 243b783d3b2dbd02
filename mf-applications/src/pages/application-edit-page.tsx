import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { BackLink, bus, isNotFoundOrHiddenStatus, NotFoundState, PageHeader, QueryView, useDocumentTitle, useFocusNextPage, useFromList, useSessionStore, type ApplicationView } from 'shared';
import { useApplication } from '../features/form/api/get-application';
import { ApplicationForm } from '../features/form/components/application-form';
import { FORM_STALE_MESSAGE, leaveAlreadySaid } from '../features/form/hooks/use-leave-stale-form';
import { editPlanOf } from '../features/form/lib/edit-mode';
import { formValuesOf } from '../features/form/lib/form-values';
import { DRAFT_TITLE } from '../features/form/lib/titles';
import { lkApplicationPaths, parseRouteId } from '../lib/lk-paths';
import '../features/form/components/form.css';

const TITLE = 'Редактирование заявки';
const notFound = {
  title: 'Заявка не найдена',
  description: 'Возможно, её удалили или в адресе ошибка.',
  backTo: lkApplicationPaths.list,
  backLabel: 'Вернуться к моим заявкам',
};

/**
 * The application no longer fits the form (opened so, or a refetch found an executor named meanwhile):
 * on to its detail. A control of the form that had the focus goes with it, so the detail's heading takes it.
 * `movedOn`: the form was open when it happened, and whatever was typed in it is dropped: said, as a
 * refused save says it (unless a refused save has just said it).
 */
function LeaveForDetail({ id, movedOn }: { id: number; movedOn: boolean }) {
  const navigate = useNavigate();
  const focusNextPage = useFocusNextPage();
  // The list view the form was opened from goes on to the detail, whose «Мои заявки» leads back to it.
  const { state } = useLocation();
  useEffect(() => {
    if (movedOn && !leaveAlreadySaid(id)) bus.emit('toast:show', { type: 'error', message: FORM_STALE_MESSAGE });
    focusNextPage();
    navigate(lkApplicationPaths.detail(id), { replace: true, state });
  }, [focusNextPage, navigate, id, movedOn, state]);
  return null;
}

function EditForm({ view }: { view: ApplicationView }) {
  // The form starts from the answer as it was; later refetches do not overwrite what is typed.
  const [initialValues] = useState(() => formValuesOf(view));
  // The application as last read (a tab come back into view reads it again): an untouched form follows it.
  const saved = useMemo(() => formValuesOf(view), [view]);
  const [openedEditable] = useState(() => editPlanOf(view) !== null);
  const plan = editPlanOf(view);
  // Each application's form its own tab title, as its header: two open forms are told apart.
  useDocumentTitle(plan ? `${view.status === 'draft' ? DRAFT_TITLE : TITLE} № ${view.number}` : undefined);
  // Past the naming of an executor (or not the customer's): the detail page is where it goes on.
  if (!plan) return <LeaveForDetail id={view.id} movedOn={openedEditable} />;
  return (
    <>
      <PageHeader title={view.status === 'draft' ? DRAFT_TITLE : TITLE} description={`Заявка № ${view.number}`} />
      <ApplicationForm
        mode={plan.mode}
        initialValues={initialValues}
        saved={saved}
        applicationId={view.id}
        documents={view.documents}
        canDelete={plan.canDelete}
        submitLabel={plan.submitLabel}
        facility={view.facility ?? null}
        owner={view.customer}
      />
    </>
  );
}

/**
 * The application as its own profile last read it, and when an error was answered to another one.
 * Once the form is shown it stands on that answer: a profile switch (here, or in another tab) reads
 * the application again as the other profile, which may not see it (403) or sees a card with nothing
 * to edit, and neither is a reason to drop the form with what is typed in it — the form says whose
 * the application is (use-form-owner). Only the owner's own answers move it on: a newer one (an
 * executor named leads to the detail) or «не найдена» (deleted in another tab).
 */
interface OwnRead {
  view: ApplicationView;
  foreignErrorAt: number;
}

function EditView({ id }: { id: number }) {
  const query = useApplication(id);
  const activeId = useSessionStore((s) => s.activeProfile?.id ?? null);
  const [own, setOwn] = useState<OwnRead | null>(null);
  const { data, isError, error, errorUpdatedAt } = query;
  const asOwner = activeId === (own?.view ?? data)?.customer.id;
  // Adjusted while rendering (state derived from the query's), so no render shows the form dropped.
  if (data && !isError && asOwner && data !== own?.view) setOwn({ view: data, foreignErrorAt: own?.foreignErrorAt ?? 0 });
  if (own && !asOwner && isError && own.foreignErrorAt !== errorUpdatedAt) setOwn({ ...own, foreignErrorAt: errorUpdatedAt });
  const ownersNotFound = asOwner && isError && errorUpdatedAt !== own?.foreignErrorAt && isNotFoundOrHiddenStatus(error);
  if (own && !ownersNotFound) return <EditForm key={own.view.id} view={own.view} />;
  return (
    <QueryView query={query} heading={TITLE} loadingLabel="Загружаем заявку…" errorFallback="Не удалось загрузить заявку" notFound={notFound} isNotFound={isNotFoundOrHiddenStatus}>
      {(view) => <EditForm key={view.id} view={view} />}
    </QueryView>
  );
}

/** `/lk/application/edit/:id`: a draft to finish, or an application to change before an executor is named. */
export function Component() {
  const id = parseRouteId(useParams().id);
  // Opened from a view of the list (its card, or the detail opened from it): back to that view.
  const list = useFromList(lkApplicationPaths.list) ?? lkApplicationPaths.list;
  return (
    <section className="app-form-page">
      <BackLink to={list}>Мои заявки</BackLink>
      {id === null ? <NotFoundState {...notFound} /> : <EditView id={id} />}
    </section>
  );
}
