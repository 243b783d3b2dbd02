import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  apiErrorText,
  applyFieldErrors,
  bus,
  Button,
  FieldRefusalStatus,
  FormAlert,
  hasCoordinates,
  isApiError,
  isNotFoundStatus,
  newRequestKey,
  profileLabel,
  quoted,
  TextAreaField,
  TextField,
  toastFormFailure,
  useFocusNextPage,
  useFormRefusal,
  useBackClick,
  useLeaveSpentPage,
  useOpenedAs,
  useSaidStatus,
  type DocumentInfo,
  type SessionProfile,
} from 'shared';
import { AddressField, FACILITY_MESSAGES, LeaveUnsavedDialog, useChangedElsewhere, useUnchosenAddresses, useUnsavedChangesGuard, type FacilitySeen } from 'shared/lk';
import { CREATE_ERROR_MESSAGE, PartialSaveError, SAVE_UNANSWERED_MESSAGE, UPDATE_ERROR_MESSAGE, useSaveFacility, type PendingDocument } from '../api/save-facility';
import {
  facilityFormSchema,
  FIELD_LABELS,
  fieldsOf,
  FORM_FIELDS,
  formatCoordinate,
  type FacilityFormInput,
  type FacilityFormOutput,
} from '../lib/form-values';
import { facilityPaths } from '../lib/paths';
import { refusedDocuments } from '../lib/refused-documents';
import { FACILITY_ALREADY_DELETED } from './delete-facility';
import { DocumentsPicker } from './documents-picker';
import { addressPointTaken, LocationField } from './location-field';
import { TypeSelect } from './type-select';

export interface FacilityFormProps {
  /** Null for a new facility. */
  facilityId: number | null;
  initialValues: FacilityFormInput;
  /** The documents it has already (editing). */
  documents?: readonly DocumentInfo[];
  /**
   * The facility's fields as they stand (editing; `initialValues` are made of them): sent with the
   * save, which is refused when they changed meanwhile. When they change under the open form (the
   * page read the facility again: the refusal, a tab brought back), the fields not touched here take
   * the new values; the typed ones stay, and the form says which fields were changed elsewhere.
   */
  seen?: FacilitySeen;
}

const resolver = zodResolver(facilityFormSchema);

/** «Отменить» stopped the save before anything of it was stored. */
export const FACILITY_SAVE_CANCELLED = { create: 'Сохранение отменено, объект не создан', update: 'Сохранение отменено, объект не изменён' } as const;
/** The cause said when «Отменить» stopped the files that were to follow an already stored request. */
const UPLOAD_CANCELLED = 'загрузка отменена';

/**
 * What the form says once another profile is active than the one it was opened as: for whom the
 * facility is, and whether a switch back can save it (as the reply dialog and the application form).
 */
export function facilityOwnerNotice(openedAs: SessionProfile, stillMine: boolean, isNew: boolean): string {
  const whose = `${isNew ? 'Объект добавляется для профиля' : 'Объект принадлежит профилю'} ${quoted(profileLabel(openedAs))}`;
  return stillMine ? `${whose}: переключитесь на него, чтобы сохранить` : `${whose}, к которому у вас больше нет доступа: сохранить его нельзя`;
}

/**
 * The facility's fields (ARCHITECTURE §8 "Cabinet"), validated by the contract's rules, sent as
 * one multipart request with its files (and more requests when files of both visibilities go).
 * Spec §2: a new facility leads to the list, a changed one back to its page. The page it leads to
 * takes the form's place in the history: Back does not open a spent form (an empty «Новый объект»
 * that would create the facility a second time, or one of a facility gone meanwhile).
 */
export function FacilityForm({ facilityId, initialValues, documents = [], seen }: FacilityFormProps) {
  // «Отмена»: back to the page the form was opened from (as Back would), else to it as a new entry.
  const cancelTo = facilityId === null ? facilityPaths.list : facilityPaths.detail(facilityId);
  const backToCancelled = useBackClick(cancelTo);
  // An address typed over and not chosen is refused, not saved as the one chosen before.
  const unchosen = useUnchosenAddresses();
  const form = useForm<FacilityFormInput, unknown, FacilityFormOutput>({ resolver: unchosen.resolver(resolver), defaultValues: initialValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, register, setValue, getValues, trigger, watch, formState } = form;
  const [pointMoved, sayPointMoved] = useSaidStatus();
  const { errors, isSubmitting, isDirty } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const [pending, setPending] = useState<PendingDocument[]>([]);
  // The chosen files the last save was refused for, marked in the list until the next save.
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  // Typed fields and chosen files are kept only by «Создать объект»/«Сохранить»: leaving asks first.
  const guard = useUnsavedChangesGuard(isDirty || pending.length > 0 || unchosen.typed);
  const leaveFor = useLeaveSpentPage(guard);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  // «Отменить» (not leaving the page, which aborts too) stopped the save in flight.
  const cancelled = useRef(false);
  const actions = useRef<HTMLDivElement>(null);
  const save = useSaveFacility();
  const focusNextPage = useFocusNextPage();
  const isNew = facilityId === null;
  // The facility this form creates, by its own name: «Создать объект» pressed again after a create
  // whose answer was lost (the server made it) gets that facility, not a second one.
  const [clientKey] = useState(newRequestKey);
  // Facilities are each profile's own, and every call acts as the active one: a form opened as one
  // profile and saved after a switch (in another tab) would add the facility to the other, or find
  // the edited one «deleted». It says whose it is and saves nothing until that profile is back;
  // one no longer the user's (removed from the organisation) cannot come back (QA TT-3).
  const { openedAs, switchedAway, stillMine } = useOpenedAs();
  const ownerNotice = switchedAway && openedAs ? facilityOwnerNotice(openedAs, stillMine !== null, isNew) : undefined;

  // Saved elsewhere while this form is open: its untouched fields take the new values, and which
  // fields changed is said until the form is left or saved. `initialValues` are `seen` as the form's values.
  const changedElsewhere = useChangedElsewhere(initialValues, {
    what: 'объект',
    labels: FIELD_LABELS,
    take: (saved) => form.reset(saved, { keepDirtyValues: true }),
  });

  // Leaving the page cancels a request in flight.
  useEffect(() => () => controller.current?.abort(), []);

  // Both coordinates first, then both checked together: checked one by one, the pair's rule saw the
  // new latitude with the old longitude, and «Убрать точку» left «Широта» refused (QA JJJ-1).
  const setPoint = useCallback(
    (geoLat: string, geoLon: string) => {
      setValue('geoLat', geoLat, { shouldDirty: true });
      setValue('geoLon', geoLon, { shouldDirty: true });
      if (formState.isSubmitted) void trigger(['geoLat', 'geoLon']);
    },
    [setValue, trigger, formState.isSubmitted],
  );

  // Saved, it leads on to the list or the facility's page without a question.
  const submit = (values: FacilityFormOutput) => (ownerNotice ? undefined : guard.releaseDuring(() => saveFacility(values)));

  async function saveFacility(values: FacilityFormOutput) {
    const current = new AbortController();
    controller.current = current;
    cancelled.current = false;
    setRefusals({});
    setProgress(0);
    try {
      const { facility, message } = await save.mutateAsync({
        input: { id: facilityId, clientKey, fields: fieldsOf(values), seen, documents: pending },
        onProgress: setProgress,
        signal: current.signal,
      });
      bus.emit('toast:show', { type: 'success', message: message || (isNew ? FACILITY_MESSAGES.created : FACILITY_MESSAGES.saved) });
      focusNextPage();
      // Spent: Back does not open it again, nor is the way there (a step Back) asked about.
      leaveFor(isNew ? facilityPaths.list : facilityPaths.detail(facility.id));
    } catch (error) {
      // Left the page: the abort is the leaving's, nothing to say here.
      if (current.signal.aborted && !cancelled.current) return;
      if (error instanceof PartialSaveError) {
        // What the first request stored stays stored (even when «Отменить» stopped the rest): its page
        // shows it, so that the form does not send it all a second time.
        const cause = current.signal.aborted ? UPLOAD_CANCELLED : apiErrorText(error.cause);
        bus.emit('toast:show', { type: 'error', message: `${isNew ? 'Объект создан' : 'Объект сохранён'}, но не все документы загружены: ${cause}` });
        focusNextPage();
        leaveFor(facilityPaths.detail(error.facility.id));
        return;
      }
      if (current.signal.aborted) {
        // «Отменить» leaves with the request: the focus goes to the submit button, to send it again.
        bus.emit('toast:show', { type: 'info', message: isNew ? FACILITY_SAVE_CANCELLED.create : FACILITY_SAVE_CANCELLED.update });
        actions.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
        return;
      }
      // Deleted meanwhile (another tab): there is nothing left to save, as after its delete.
      if (!isNew && isNotFoundStatus(error)) {
        bus.emit('toast:show', { type: 'info', message: FACILITY_ALREADY_DELETED });
        focusNextPage();
        leaveFor(facilityPaths.list);
        return;
      }
      // Spec §7: a failure is the server's message in an error toast. Said once: where the server
      // puts it, the toast then silent; else by the toast — not in an alert as well. The focus stays
      // on the form (its submit button), where it is sent again.
      // No answer at all (the connection broke, at any point of the form: the browser cannot tell how
      // much the server got, QA HHH-1): it may be saved, and sending it again adds no second facility
      // nor document. A proxy's empty 502–504 keeps the spec's fallback (§8).
      const message = isApiError(error) && error.isNetworkError ? SAVE_UNANSWERED_MESSAGE : apiErrorText(error, isNew ? CREATE_ERROR_MESSAGE : UPDATE_ERROR_MESSAGE);
      // A file refused for itself (too large, not of its type) is said at that file, in the list, and
      // its «Убрать» takes the focus (DocumentsPicker): a toast would not say which one to take out.
      const refused = refusedDocuments(error, pending);
      if (Object.keys(refused).length > 0) setRefusals(refused);
      // At the fields the server names (the first focused).
      const said = Object.keys(refused).length > 0 || applyFieldErrors(error, refusal, FORM_FIELDS);
      if (said) toastFormFailure(message, error);
      else bus.emit('toast:show', { type: 'error', message });
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }

  const address = watch('address');
  return (
    // The page's h1 says «Новый объект» or «Изменение объекта» already: the form is only named, as a
    // landmark, and adds no heading that would be heard a second time.
    <form className="facility-form" noValidate aria-label="Объект" onSubmit={refusal.handleSubmit(submit)}>
      {/* /facility/{id} and the map are public (spec §2): the owner is told before he writes, not after. */}
      <p className="facility-notice">
        Объект виден всем посетителям площадки: название, тип, описание и адрес — на его странице и на карте. Не пишите здесь коды домофона,
        пароли и другие данные для доступа. Документы видны только вам, пока вы не отметите их «Виден всем» — при добавлении или позже, на странице объекта.
      </p>
      <TextField label="Название" autoComplete="off" maxLength={200} error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="typeId"
        // Controlled: the options arrive after the form's values, and an uncontrolled select would lose its value.
        render={({ field, fieldState }) => (
          <TypeSelect name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )}
      />
      <TextAreaField
        label="Описание"
        textareaClassName="facility-form__textarea"
        rows={5}
        maxLength={2000}
        hint="Площадь, этаж, особенности; видно всем"
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <AddressField
            label="Адрес объекта"
            value={field.value}
            inputRef={field.ref}
            error={fieldState.error?.message}
            onChange={(next) => {
              field.onChange(next);
              // The address's own point, to be adjusted on the map. One set before (typed, or picked
              // on the map) that it moves is said: it changed out of sight (QA MMM-3).
              if (!next || !hasCoordinates(next)) return;
              const [geoLat, geoLon] = [formatCoordinate(next.geoLat), formatCoordinate(next.geoLon)];
              const [lastLat, lastLon] = [getValues('geoLat'), getValues('geoLon')];
              setPoint(geoLat, geoLon);
              if (lastLat && lastLon && (lastLat !== geoLat || lastLon !== geoLon)) sayPointMoved(addressPointTaken(geoLat, geoLon));
            }}
            {...unchosen.field('address')}
          />
        )}
      />
      <FieldRefusalStatus said={pointMoved} />
      <LocationField
        geoLat={watch('geoLat')}
        geoLon={watch('geoLon')}
        onChange={setPoint}
        address={address}
        errors={{ geoLat: errors.geoLat?.message, geoLon: errors.geoLon?.message }}
        latProps={register('geoLat')}
        lonProps={register('geoLon')}
      />
      {documents.length > 0 && (
        <p className="facility-muted">
          Уже загружено документов: {documents.length}. Скачать, удалить или изменить их видимость можно на <Link to={facilityPaths.detail(facilityId!)}>странице объекта</Link>.
        </p>
      )}
      {refusal.status}
      <DocumentsPicker documents={pending} onChange={setPending} disabled={isSubmitting} progress={progress} refusals={refusals} />
      {/* By the buttons, where the save is pressed (the header already says the profile changed). */}
      <FormAlert message={ownerNotice ?? changedElsewhere} />
      <div className="facility-actions" ref={actions}>
        <Button type="submit" loading={isSubmitting}>
          {isNew ? 'Создать объект' : 'Сохранить'}
        </Button>
        {isSubmitting ? (
          <Button
            variant="ghost"
            onClick={() => {
              cancelled.current = true;
              controller.current?.abort();
            }}
          >
            Отменить
          </Button>
        ) : (
          // Unsaved edits are not dropped by one press here either: «Отмена» leaves as a cabinet tab
          // does, through the guard, which asks «Уйти без сохранения?» (the one dialog below) when
          // there are any, and lets an untouched form go at once.
          <Link className="ui-button ui-button--ghost ui-button--md" to={cancelTo} onClick={backToCancelled}>
            Отмена
          </Link>
        )}
      </div>
      <LeaveUnsavedDialog blocker={guard.blocker} description="Изменения объекта не сохранены и пропадут, если уйти со страницы." />
    </form>
  );
}
