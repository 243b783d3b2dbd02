import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, DateInput, FormAlert, PageSkeleton, parsePrice, priceFieldText, TextAreaField, TextField, useFormRefusal, useSessionStore, useTakingLong, type Application, type DocumentInfo, type NamedRef, focusFirstInvalid } from 'shared';
import { AddressField, DEADLINE_BEFORE_FEEDBACK_MESSAGE, LeaveUnsavedDialog, useActiveProfile, useChangedElsewhere, useUnchosenAddresses, useUnsavedChangesGuard } from 'shared/lk';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import { DRAFT_REFUSED_ERROR, useDraftAutosave } from '../hooks/use-draft-autosave';
import { OWNER_ERROR, useFormOwner, type FormOwner, type ProfileRef } from '../hooks/use-form-owner';
import { useLeaveStaleForm } from '../hooks/use-leave-stale-form';
import { LEAVE_UPLOADING_DESCRIPTION, UPLOAD_PENDING_ERROR, UPLOAD_PENDING_MESSAGE, usePublish, type FormMode } from '../hooks/use-publish';
import { SLOW_SUBMIT_MS, SLOW_SUBMIT_TEXT } from '../hooks/use-slow-submit';
import {
  DATE_FIELDS,
  DATES_ORDER_ERROR,
  datesOutOfOrder,
  draftRefuses,
  FIELD_LABELS,
  orderedDatesResolver,
  UNFINISHED_DATE,
  unsavableDraftEdits,
  type ApplicationFormValues,
  type DateField,
} from '../lib/form-values';
import { CustomersOnly } from './customers-only';
import { DeleteApplication } from './delete-application';
import { DocumentsField } from './documents-field';
import { DraftSaveState } from './draft-save-state';
import { FacilityField } from './facility-field';
import { ServicesField } from './services-field';
import './form.css';

/** A facility chosen whose address differs from the one the user typed, which stays. */
export const ADDRESS_KEPT_NOTICE = 'Адрес заявки оставлен прежним: у объекта другой адрес';

export interface ApplicationFormProps {
  mode: FormMode;
  initialValues: ApplicationFormValues;
  /** The saved draft or the application being changed; null for a new one. */
  applicationId: number | null;
  /**
   * A new application's own key (shared `newRequestKey`): its saves without an id and its
   * publication carry it, so that one sent again after a lost answer makes nothing twice.
   */
  clientKey?: string;
  documents: readonly DocumentInfo[];
  canDelete: boolean;
  submitLabel: string;
  /** The facility the application links now (edit), so the picker can show it before its list loads. */
  facility?: NamedRef | null;
  /**
   * The application as the server answered it last (edit), read again after the form opened: a
   * published one's form with nothing typed in it takes it, so it neither shows nor saves what
   * another tab has changed since.
   */
  saved?: ApplicationFormValues;
  /** `initialValues` are a new form's edits the browser left before they were saved: saved at once. */
  restored?: boolean;
  /** The profile the application belongs to (edit); a new one's first save makes it. */
  owner?: ProfileRef | null;
  /** A new application's first save made it a draft (its page says so from then on, QA BAA-2). */
  onDraftCreated?: (draft: Application) => void;
}

/**
 * DateInput gives null while its text is not a date: kept as a value the schema refuses. An emptied
 * date stays '' (see `normalized`): undefined would make react-hook-form show the first value again.
 */
const toDateValue = (value: string | null) => (value === null ? UNFINISHED_DATE : value);
const fromDateValue = (value: string | undefined) => (value === UNFINISHED_DATE ? null : (value ?? ''));

/**
 * The application's fields (ARCHITECTURE §8): a draft is saved after each pause in editing and
 * published when complete; a published one is changed by `update`. Only customers and
 * organisations place applications: an executor is told so instead of a form the API would refuse.
 * An application of another profile than the active one (switched while the form was open) stays on
 * screen with what is typed, and says whose it is (use-form-owner).
 */
export function ApplicationForm(props: ApplicationFormProps) {
  const active = useActiveProfile();
  const ownership = useFormOwner(props.owner ?? null, props.mode.kind);
  if (active.isPending) return <PageSkeleton label="Загружаем профиль…" />;
  if (active.profile?.type === 'executor' && !ownership.owner) return <CustomersOnly />;
  return <ApplicationFields {...props} ownership={ownership} />;
}

/** The form itself; validation is the contract's. */
function ApplicationFields({ mode, initialValues, saved, applicationId, clientKey, documents, canDelete, submitLabel, facility, restored = false, ownership, onDraftCreated }: ApplicationFormProps & { ownership: FormOwner }) {
  const [savedId, setSavedId] = useState(applicationId);
  const [facilityNotice, setFacilityNotice] = useState<string | undefined>(undefined);
  /** The address a chosen facility filled in (not one the user typed): another facility's may replace it. */
  const filledAddress = useRef<string | null>(null);
  /** A document is going up: leaving (a submit's too) would abort it. */
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const saveDraftButton = useRef<HTMLButtonElement>(null);
  // An address typed and not chosen is refused, not published as the one chosen before (or none).
  const unchosen = useUnchosenAddresses();
  /** The date the visitor changed last: the one two dates out of order are refused on. */
  const lastDate = useRef<DateField | null>(null);
  const form = useForm({ resolver: unchosen.resolver(orderedDatesResolver(() => lastDate.current)), defaultValues: initialValues, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const { control, register, formState } = form;
  const { errors, isSubmitting, submitCount, isSubmitSuccessful, isDirty, dirtyFields } = formState;
  const values = useWatch({ control }) as ApplicationFormValues;
  // After the render that shows a refused submit's errors (a server's refusal focuses its own field).
  // Not react-hook-form's own focus: it goes by the order fields registered, and `register` in this
  // render (name, description, price) comes before every Controller's, so it skipped services and
  // address for the price.
  useEffect(() => {
    if (submitCount > 0 && !isSubmitSuccessful) focusFirstInvalid(formRef.current);
  }, [submitCount, isSubmitSuccessful]);
  // Sent with Enter from the first invalid field, the focus is there already and reads nothing: its
  // message (the form's check's or the server's) is said as a status.
  const refusal = useFormRefusal(form);
  const isDraft = mode.kind === 'draft';
  // A write is never given up on (a request sent may still be done there): a long one is said.
  const slow = useTakingLong(isSubmitting, SLOW_SUBMIT_MS);
  const leaveStale = useLeaveStaleForm(mode.kind, ownership.checkNow);
  const { notice, noticeNow } = ownership;
  // A published application's edits only its submit saves; a draft's are autosaved (and sent at once
  // on leaving), all but what no save takes: an address typed and not chosen, a field the draft
  // refuses as it stands (a price in letters, a half-typed date), anything while there is no name.
  // Leaving asks for those.
  const unsavable = isDraft && unsavableDraftEdits(values, dirtyFields as Parameters<typeof unsavableDraftEdits>[1]);
  const autosave = useDraftAutosave(form, {
    enabled: isDraft,
    draftId: applicationId,
    clientKey,
    addressUnchosen: unchosen.typed,
    // Leaving for where the draft is now: its typed address could not be saved there any more.
    onRefused: (id, error) => guard.releaseDuring(() => leaveStale(id, error)),
    // «Уйти без сохранения» chosen: the flush on leave still tries, and its failure is no news.
    leftWithoutSaving: () => guard.leftWithoutSaving(),
    // Another profile is active: the edits wait for the draft's (they are saved once it is back).
    paused: () => noticeNow() !== null,
    // A field refused while its visitor is in it shows why there, which the focus staying put reads not.
    onFieldsRefused: refusal.refuseInPlace,
    // Dates out of order: the one changed last is left out and says why (the server, sent both, would
    // refuse the deadline whichever was changed).
    ownRefusals: () => {
      const refused = sayDatesOrder();
      return refused ? [refused] : [];
    },
    onSaved: (draft) => {
      const first = applicationId === null && savedId === null;
      ownership.own(draft.customer);
      setSavedId(draft.id);
      // A new draft takes its address from its first save, so a reload opens it rather than an
      // empty form that would start another. Only the address bar: a navigation would remount the
      // form under the visitor's typing. The router sees the address at its next navigation (Back too).
      const address = lkApplicationPaths.edit(draft.id);
      if (first && window.location.pathname !== address) window.history.replaceState(window.history.state, '', address);
      if (first) onDraftCreated?.(draft);
    },
  });
  // Edits waiting for the draft's profile are lost by leaving: asked, as unsaved ones are, and so are
  // edits whose save failed (the flush on leave tries once more, and nothing after: QA BB-1), and a
  // file still going up.
  const unsaved = unchosen.typed || (!isDraft && isDirty) || unsavable || autosave.waiting || autosave.failure !== null;
  // A logout or a profile switch in this tab first has the pause's edits saved (QA UU-1, UU-4): the
  // session they are saved with would be gone, or another profile's, by the time the form unmounts.
  const guard = useUnsavedChangesGuard(unsaved || uploading, { flush: autosave.flush });
  const publish = usePublish(mode, { getValues: form.getValues, setError: refusal.setError, getFieldState: form.getFieldState, formState: form.formState }, autosave, guard, ownership);
  // Its success leaves for the list, and a refusal may leave for where the application is now: not
  // while a file goes up, which leaving would abort.
  const submit = (values: Parameters<typeof publish>[0]) =>
    uploading ? form.setError('root.server', { type: UPLOAD_PENDING_ERROR, message: UPLOAD_PENDING_MESSAGE }) : guard.releaseDuring(() => publish(values));
  useEffect(() => {
    if (!uploading && form.formState.errors.root?.server?.type === UPLOAD_PENDING_ERROR) form.clearErrors('root.server');
  }, [uploading, form]);
  const { saveNow, release } = autosave;
  useEffect(() => {
    if (restored) void saveNow();
    // Once, at the start: the restored edits become the draft (and the page takes its address).
  }, []);
  // A new form is the profile's it was opened as, from the start: a switch in another tab before
  // its first save must not make the draft another profile's (or drop what is typed).
  const { own } = ownership;
  useEffect(() => {
    const opened = useSessionStore.getState().activeProfile;
    if (opened) own({ id: opened.id, name: opened.name, type: opened.type });
    // Once, at the start: the profile the form was opened as.
  }, []);
  const wasForeign = useRef(false);
  useEffect(() => {
    if (notice) wasForeign.current = true;
    if (notice || !wasForeign.current) return;
    wasForeign.current = false;
    // The application's profile is active again: what waited is saved, and the buttons' word on whose it is goes.
    release();
    if (form.formState.errors.root?.server?.type === OWNER_ERROR) form.clearErrors('root.server');
  }, [notice, release, form]);
  /**
   * The field shows the saved price as one types it ('15000,50'), not as the number it holds
   * ('15000.5'); `setValueAs` reads either back to the same number.
   */
  const showPrice = (value: number | undefined) => {
    const price = formRef.current?.elements.namedItem('price');
    if (price instanceof HTMLInputElement && typeof value === 'number') price.value = priceFieldText(value);
  };
  useEffect(() => showPrice(initialValues.price), []);
  // A published application read again (a live change, its tab back in view): the fields not typed
  // here take the newer answer, and those changed elsewhere are named by the buttons (QA AAQ-3: the
  // same field typed here was written over another tab's with nothing said). Its submit sends only
  // the fields typed here. Not while a save is going, nor with an address typed and not chosen or a
  // file going up: taken with the next read then.
  const changedElsewhere = useChangedElsewhere(isDraft ? undefined : saved, {
    what: 'заявку',
    labels: FIELD_LABELS,
    take: (next) => {
      if (form.formState.isSubmitting || unchosen.typed || uploading) return false;
      const priceTyped = form.getFieldState('price').isDirty;
      // The fields keep their elements (re-registering them would show the price as the number it
      // holds), and the refusals said on the typed ones stay.
      form.reset(next, { keepFieldsRef: true, keepDirtyValues: true, keepErrors: true });
      if (!priceTyped) showPrice(next.price);
    },
  });

  /**
   * Puts the dates' order refusal on the date changed last (and takes it off the other); answers
   * that date, null when they agree. Newly said while the visitor is in that date, it is heard.
   */
  function sayDatesOrder(): DateField | null {
    const refused = datesOutOfOrder(form.getValues(), lastDate.current);
    for (const name of DATE_FIELDS) {
      const { error } = form.getFieldState(name);
      if (name !== refused) {
        if (error?.type === DATES_ORDER_ERROR) form.clearErrors(name);
      } else if (!error) {
        form.setError(name, { type: DATES_ORDER_ERROR, message: DEADLINE_BEFORE_FEEDBACK_MESSAGE });
        refusal.refuseInPlace({ [name]: DEADLINE_BEFORE_FEEDBACK_MESSAGE });
      }
    }
    return refused;
  }

  async function saveDraftNow() {
    const owned = noticeNow();
    if (owned) return form.setError('root.server', { type: OWNER_ERROR, message: owned });
    // A draft needs its name: without one, say so at the field instead of saving nothing.
    if (!(await form.trigger('name', { shouldFocus: true }))) return;
    await autosave.saveNow(true);
    // Saved without the typed address: the field says to choose one (and has the focus), as publishing would.
    if (unchosen.typed) await form.trigger('address', { shouldFocus: true });
  }

  return (
    <form
      ref={formRef}
      className="app-form"
      noValidate
      onSubmit={refusal.handleSubmit(submit, autosave.showStandingRefusals)}
      aria-label="Заявка"
    >
      <FormAlert message={notice ?? undefined} />
      {/* A published application's page is public (spec §2), its address to the flat: the customer is told before he writes (QA P opinion). */}
      <p className="app-form__note">
        Опубликованную заявку видят все посетители площадки: название, описание, адрес и цену. Не пишите в ней телефон, коды домофона и другие
        данные для доступа — их можно передать исполнителю в сообщениях.
      </p>
      <TextField label="Название" autoComplete="off" maxLength={200} error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="Описание работ"
        textareaClassName="app-form__textarea"
        rows={6}
        maxLength={5000}
        hint="Что нужно сделать, объём, материалы, особые условия"
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="services"
        render={({ field, fieldState }) => (
          <ServicesField value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="facilityId"
        render={({ field, fieldState }) => (
          <FacilityField
            value={field.value}
            saved={facility}
            notice={facilityNotice}
            error={fieldState.error?.message}
            selectRef={field.ref}
            onBlur={field.onBlur}
            onChange={(chosen, id, previous) => {
              // The facility's address fills an empty address, or replaces the one an earlier choice
              // filled in, or the facility left had (a saved draft's: QA AAC-4, AAG-2): what the user
              // typed stays, and the page says it was kept if the facility's differs.
              const current = form.getValues('address')?.value?.trim() ?? '';
              const theirs = chosen?.address.value ?? '';
              const fromFacility = current === filledAddress.current || (Boolean(current) && current === previous?.address.value?.trim());
              const filled = Boolean(theirs && (!current || fromFacility));
              if (filled && chosen) {
                form.setValue('address', chosen.address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                filledAddress.current = theirs;
              }
              setFacilityNotice(filled ? 'Адрес заполнен по объекту' : theirs && current && theirs !== current ? ADDRESS_KEPT_NOTICE : undefined);
              field.onChange(id);
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <AddressField value={field.value} onChange={field.onChange} inputRef={field.ref} error={fieldState.error?.message} {...unchosen.field('address')} />
        )}
      />
      <TextField
        label="Цена, ₽"
        inputMode="decimal"
        autoComplete="off"
        hint="Сколько вы готовы заплатить за работу; 0 — цена договорная"
        error={errors.price?.message}
        {...register('price', {
          setValueAs: parsePrice,
          // A typed price the contract refuses («abc», «-1») is said as the field is left: the draft
          // is saved without it, and «Черновик сохранён» alone would hide that it was dropped.
          onBlur: () => {
            if (form.getValues('price') !== undefined) void form.trigger('price');
            // Emptied while drafting: no error (a price is needed only to publish, which says so then).
            else if (form.formState.submitCount === 0) form.clearErrors('price');
          },
        })}
      />
      <div className="app-form__dates">
        {(['deadline', 'feedbackDeadline'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <DateInput
                // Named as its field: a refusal while the focus is in it is said (useFormRefusal).
                name={field.name}
                label={name === 'deadline' ? 'Срок выполнения' : 'Приём откликов до'}
                value={fromDateValue(field.value)}
                onChange={(value) => {
                  lastDate.current = name;
                  field.onChange(toDateValue(value));
                }}
                onBlur={() => {
                  field.onBlur();
                  // A whole date the contract refuses (a year past 2100) is said as the field is left,
                  // as a price is: the draft is saved without it. A refusal by the server stays.
                  const date = form.getValues(name);
                  if (date && date !== UNFINISHED_DATE && draftRefuses(name, date)) void form.trigger(name);
                  else {
                    if (form.formState.submitCount === 0 && form.getFieldState(name).error?.type !== DRAFT_REFUSED_ERROR) form.clearErrors(name);
                    // Out of order with the other date: said on the one changed last, as the draft is saved without it.
                    sayDatesOrder();
                  }
                }}
                ref={field.ref}
                // An unfinished date speaks for itself («Введите дату полностью»).
                error={field.value === UNFINISHED_DATE ? undefined : fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      <DocumentsField
        applicationId={savedId}
        documents={documents}
        status={mode.kind === 'update' ? mode.status : 'draft'}
        disabled={isSubmitting}
        onUploadingChange={setUploading}
      />
      {/* By the buttons, not above the fields: the form is long, and a failed submit (the server
          down, a 500) was said out of sight, the pressed button merely ready again. Held through a
          retry until its answer: the buttons under it stay put while one is pressed. */}
      <FormAlert message={errors.root?.server?.message ?? changedElsewhere} pending={isSubmitting} />
      {refusal.status}
      <p role="status" className={slow ? 'app-form__slow' : 'ui-visually-hidden'}>
        {slow ? SLOW_SUBMIT_TEXT : ''}
      </p>
      {isDraft && <DraftSaveState failure={autosave.failure} onSaveNow={saveDraftNow} onGone={() => saveDraftButton.current?.focus()} />}
      <div className="app-form__actions">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {isDraft && (
          <Button ref={saveDraftButton} variant="secondary" disabled={isSubmitting} onClick={() => void saveDraftNow()}>
            Сохранить черновик
          </Button>
        )}
        {canDelete && savedId !== null && !notice && (
          <DeleteApplication
            id={savedId}
            draft={isDraft}
            onBefore={() => {
              guard.release();
              return autosave.finish();
            }}
            onFailed={() => {
              guard.resume();
              autosave.resume();
            }}
            onRefused={async (id, error) => (await leaveStale(id, error)) === 'left'}
          />
        )}
      </div>
      <LeaveUnsavedDialog
        blocker={guard.blocker}
        description={unsaved || !uploading ? 'Изменения заявки не сохранены и пропадут, если уйти со страницы.' : LEAVE_UPLOADING_DESCRIPTION}
      />
    </form>
  );
}
