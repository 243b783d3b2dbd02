import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink, NotFoundState, PageHeader, QueryView, useFocusNextPage, type ApplicationView } from 'shared';
import { useApplication } from '../features/form/api/get-application';
import { ApplicationForm } from '../features/form/components/application-form';
import { editPlanOf } from '../features/form/lib/edit-mode';
import { formValuesOf } from '../features/form/lib/form-values';
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
 */
function LeaveForDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const focusNextPage = useFocusNextPage();
  useEffect(() => {
    focusNextPage();
    navigate(lkApplicationPaths.detail(id), { replace: true });
  }, [focusNextPage, navigate, id]);
  return null;
}

function EditForm({ view }: { view: ApplicationView }) {
  // The form starts from the answer as it was; later refetches do not overwrite what is typed.
  const [initialValues] = useState(() => formValuesOf(view));
  const plan = editPlanOf(view);
  // Past the naming of an executor (or not the customer's): the detail page is where it goes on.
  if (!plan) return <LeaveForDetail id={view.id} />;
  return (
    <>
      <PageHeader title={view.status === 'draft' ? 'Черновик заявки' : TITLE} description={`Заявка № ${view.number}`} />
      <ApplicationForm
        mode={plan.mode}
        initialValues={initialValues}
        applicationId={view.id}
        documents={view.documents}
        canDelete={plan.canDelete}
        submitLabel={plan.submitLabel}
        facility={view.facility ?? null}
      />
    </>
  );
}

function EditView({ id }: { id: number }) {
  return (
    <QueryView query={useApplication(id)} heading={TITLE} loadingLabel="Загружаем заявку…" errorFallback="Не удалось загрузить заявку" notFound={notFound}>
      {(view) => <EditForm key={view.id} view={view} />}
    </QueryView>
  );
}

/** `/lk/application/edit/:id`: a draft to finish, or an application to change before an executor is named. */
export function Component() {
  const id = parseRouteId(useParams().id);
  return (
    <section className="app-form-page">
      <BackLink to={lkApplicationPaths.list}>Мои заявки</BackLink>
      {id === null ? <NotFoundState {...notFound} /> : <EditView id={id} />}
    </section>
  );
}
