import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from 'shared';
import { ApplicationForm } from '../features/form/components/application-form';
import { emptyFormValues } from '../features/form/lib/form-values';
import { lkApplicationPaths } from '../lib/lk-paths';
import '../features/form/components/form.css';

/** `/lk/application/form`: a new application, saved as a draft while it is filled in. */
export function Component() {
  const [initialValues] = useState(emptyFormValues);
  return (
    <section className="app-form-page">
      <Link className="app-form-page__back" to={lkApplicationPaths.list}>
        <span aria-hidden="true">← </span>Мои заявки
      </Link>
      <PageHeader
        title="Новая заявка"
        description="Черновик сохраняется сам, пока вы заполняете форму. Опубликуйте заявку, чтобы исполнители её увидели."
      />
      <ApplicationForm mode={{ kind: 'draft' }} initialValues={initialValues} applicationId={null} documents={[]} canDelete submitLabel="Опубликовать" />
    </section>
  );
}
