import { useState } from 'react';
import { BackLink, newRequestKey, PageHeader, useDocumentTitle } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { ApplicationForm } from '../features/form/components/application-form';
import { emptyFormValues } from '../features/form/lib/form-values';
import { readNewDraftStash } from '../features/form/lib/new-draft-stash';
import { DRAFT_TITLE } from '../features/form/lib/titles';
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
  // Its first save makes it a numbered draft at its own address: the page says so, as a reload of it
  // would (QA BAA-2: «Новая заявка» stayed over a draft «Удалить заявку» deletes).
  const [draftNumber, setDraftNumber] = useState<number | null>(null);
  useDocumentTitle(draftNumber === null ? undefined : `${DRAFT_TITLE} № ${draftNumber}`);
  return (
    <section className="app-form-page">
      <BackLink to={lkApplicationPaths.list}>Мои заявки</BackLink>
      <PageHeader
        title={draftNumber === null ? 'Новая заявка' : DRAFT_TITLE}
        description={
          executor
            ? undefined
            : `${draftNumber === null ? '' : `Заявка № ${draftNumber}. `}Черновик сохраняется сам, пока вы заполняете форму. Опубликуйте заявку, чтобы исполнители её увидели.`
        }
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
        onDraftCreated={(draft) => setDraftNumber(draft.number)}
      />
    </section>
  );
}
