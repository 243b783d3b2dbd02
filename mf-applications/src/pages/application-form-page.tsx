import { useState } from 'react';
import { BackLink, PageHeader } from 'shared';
import { ApplicationForm } from '../features/form/components/application-form';
import { emptyFormValues } from '../features/form/lib/form-values';
import { lkApplicationPaths } from '../lib/lk-paths';
import '../features/form/components/form.css';

/** `/lk/application/form`: a new application, saved as a draft while it is filled in. */
export function Component() {
  const [initialValues] = useState(emptyFormValues);
  return (
    <section className="app-form-page">
      <BackLink to={lkApplicationPaths.list}>Мои заявки</BackLink>
      <PageHeader
        title="Новая заявка"
        description="Черновик сохраняется сам, пока вы заполняете форму. Опубликуйте заявку, чтобы исполнители её увидели."
      />
      <ApplicationForm mode={{ kind: 'draft' }} initialValues={initialValues} applicationId={null} documents={[]} canDelete submitLabel="Опубликовать" />
    </section>
  );
}
