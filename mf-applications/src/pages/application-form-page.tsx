import { useState } from 'react';
import { BackLink, newRequestKey, PageHeader } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { ApplicationForm } from '../features/form/components/application-form';
import { emptyFormValues } from '../features/form/lib/form-values';
import { readNewDraftStash } from '../features/form/lib/new-draft-stash';
import { lkApplicationPaths } from '../lib/lk-paths';
import '../features/form/components/form.css';

/** `/lk/application/form`: a new application, saved as a draft while it is filled in. */
export function Component() {
  // A reload right after typing: the edits the browser left unsaved come back (new-draft-stash).
  const [restored] = useState(readNewDraftStash);
  const [initialValues] = useState(() => restored?.values ?? emptyFormValues());
  // The new application's own key, for the life of this form (and its reload before a first save).
  const [clientKey] = useState(() => restored?.clientKey ?? newRequestKey());
  // An executor gets the form's notice instead of the form: no word about a draft saving itself.
  const executor = useActiveProfile().profile?.type === 'executor';
  return (
    <section className="app-form-page">
      <BackLink to={lkApplicationPaths.list}>Мои заявки</BackLink>
      <PageHeader
        title="Новая заявка"
        description={executor ? undefined : 'Черновик сохраняется сам, пока вы заполняете форму. Опубликуйте заявку, чтобы исполнители её увидели.'}
      />
      <ApplicationForm
        mode={{ kind: 'draft' }}
        initialValues={initialValues}
        restored={restored !== null}
        applicationId={null}
        clientKey={clientKey}
        documents={[]}
        canDelete
        submitLabel="Опубликовать"
      />
    </section>
  );
}
