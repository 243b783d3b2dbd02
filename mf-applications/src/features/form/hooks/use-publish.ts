import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { applyApiError, bus, isApiError, useFocusNextPage, useLeaveSpentPage, type ApplicationStatus } from 'shared';
import type { UnsavedChangesGuard } from 'shared/lk';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import { useCreateApplication, type CreateBody } from '../api/create-application';
import { getApplicationQueryOptions } from '../api/get-application';
import { useSaveDraft } from '../api/save-draft';
import { useUpdateApplication } from '../api/update-application';
import { FORM_FIELDS, seenOfSent, updateChanges, type ApplicationFormValues } from '../lib/form-values';
import type { DraftAutosave } from './use-draft-autosave';
import { OWNER_ERROR, type FormOwner } from './use-form-owner';
import { useLeaveStaleForm } from './use-leave-stale-form';

export const PUBLISH_ERROR_MESSAGE = 'Не удалось опубликовать заявку';
export const PUBLISHED_MESSAGE = 'Заявка опубликована';
export const UPDATED_MESSAGE = 'Изменения сохранены';
/**
 * A submit while a file is going up: the page it leaves for would abort the upload, and the
 * application would go without the file. Said by the buttons; it goes once the upload is over.
 */
export const UPLOAD_PENDING_MESSAGE = 'Дождитесь окончания загрузки файла';
export const UPLOAD_PENDING_ERROR = 'upload-pending';
/** The question on leaving while a file is going up (and nothing else is unsaved). */
export const LEAVE_UPLOADING_DESCRIPTION = 'Файл ещё загружается и не будет прикреплён к заявке, если уйти со страницы.';

/** A draft (new or saved) is published by `create`; an application past publication is changed by `update`. */
export type FormMode = { kind: 'draft' } | { kind: 'update'; id: number; status: ApplicationStatus };

type Form = Pick<UseFormReturn<ApplicationFormValues>, 'getValues' | 'setError' | 'getFieldState' | 'formState'>;

/**
 * The submit of the form, for values the publication schema has accepted. A saved draft gets the
 * form's values first, then is published by its id; an application past publication gets the fields
 * changed in the form only. Spec §2: the list follows a create or update.
 * A new form's publication carries its key (the autosave's `clientKey`) with every field: a draft
 * never saved, or one whose save or publication failed (its answer lost, it may have gone through).
 * The server answers the application made with that key rather than publishing a second one, and
 * publishes the key's draft (its save's answer lost) rather than a copy of it.
 * The form is spent then (its guard's `spend`): the list takes its entry, or is stepped back to when
 * the form was opened from it, so that Back does not open the form again (useLeaveSpentPage).
 * While another profile than the application's is active nothing is sent (it would act as that
 * profile and be refused): the form says whose the application is, by its buttons too.
 */
export function usePublish(
  mode: FormMode,
  form: Form,
  autosave: DraftAutosave,
  guard: Pick<UnsavedChangesGuard, 'spend'>,
  owner: Pick<FormOwner, 'noticeNow' | 'checkNow'>,
) {
  const leaveFor = useLeaveSpentPage(guard);
  const saveDraft = useSaveDraft();
  const create = useCreateApplication();
  const update = useUpdateApplication();
  const queryClient = useQueryClient();
  const leaveStale = useLeaveStaleForm(mode.kind, owner.checkNow);
  const sayOwner = (notice: string) => form.setError('root.server', { type: OWNER_ERROR, message: notice });
  // The submit button goes with the form: the list's heading takes the focus, not <body>.
  const focusNextPage = useFocusNextPage();
  /** A publication of this form failed: the next goes by the key, as it may have been done. */
  const failed = useRef(false);

  /** Publishes; `saved` learns the id of the application it acts on (none for a draft never saved). */
  async function publish(body: CreateBody, saved: { id: number | null }): Promise<string> {
    if (mode.kind === 'update') {
      saved.id = mode.id;
      // Only the fields changed here: another tab's save of the others is not undone by this form's old copy.
      const changes = updateChanges(body, mode.id, (field) => form.getFieldState(field).isDirty);
      // With what it saw of them: one another tab has changed since is refused, not written over unseen.
      const seen = seenOfSent(form.formState.defaultValues as ApplicationFormValues, changes);
      return (await update.mutateAsync(Object.keys(seen).length > 0 ? { ...changes, seen } : changes)).message ?? UPDATED_MESSAGE;
    }
    const draftId = (saved.id = await autosave.finish());
    const { clientKey } = autosave;
    if (draftId === null || (clientKey && failed.current)) {
      return (await create.mutateAsync(clientKey ? { ...body, clientKey } : body)).message ?? PUBLISHED_MESSAGE;
    }
    const draft = autosave.draftBody();
    if (draft) await saveDraft.mutateAsync({ body: draft });
    try {
      return (await create.mutateAsync({ id: draftId })).message ?? PUBLISHED_MESSAGE;
    } catch (error) {
      // Its answer lost (QA I-5): the draft read again and found published is this form's own
      // publication, not «Заявка изменилась» on the retry that would follow.
      if (isApiError(error) && error.outcomeUnknown && (await publishedNow(draftId))) return PUBLISHED_MESSAGE;
      throw error;
    }
  }

  /** The draft `id` read afresh stands published (false when it cannot be read). */
  async function publishedNow(id: number): Promise<boolean> {
    try {
      return (await queryClient.fetchQuery({ ...getApplicationQueryOptions(id), staleTime: 0 })).status === 'published';
    } catch {
      return false;
    }
  }

  return async (body: CreateBody) => {
    const notice = owner.noticeNow();
    if (notice) return sayOwner(notice);
    const saved = { id: null as number | null };
    try {
      const message = await publish(body, saved);
      bus.emit('toast:show', { type: 'success', message });
      focusNextPage();
      leaveFor(lkApplicationPaths.list);
    } catch (error) {
      failed.current = true;
      // Published, taken or deleted in another tab: the form's autosave stays stopped as it leaves.
      const outcome = await leaveStale(saved.id, error);
      if (outcome === 'left') return;
      autosave.resume();
      // Another profile became active meanwhile (in another tab): not the server's «недоступно».
      const foreign = outcome === 'foreign' && owner.noticeNow();
      if (foreign) return sayOwner(foreign);
      // At the fields, and above the form unless a field says the same words.
      applyApiError(error, form, FORM_FIELDS, PUBLISH_ERROR_MESSAGE);
    }
  };
}
