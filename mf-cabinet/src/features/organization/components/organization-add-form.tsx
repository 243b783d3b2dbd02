import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  apiErrorText,
  applyApiError,
  bus,
  Button,
  FormAlert,
  isApiError,
  REDIRECT_PARAM,
  refreshOrganizations,
  safeRedirect,
  useBackClick,
  useFocusNextPage,
  useFormRefusal,
  useLeaveSpentPage,
  useSessionStore,
} from 'shared';
import { LeaveUnsavedDialog, normalizeDigits, useUnchosenAddresses, useUnsavedChangesGuard } from 'shared/lk';
import { useCreateOrganization } from '../api/create-organization';
import { useFindParty } from '../api/get-party';
import {
  EMPTY_ORGANIZATION,
  ORGANIZATION_FIELDS,
  organizationBody,
  organizationResolver,
  partyFormValues,
  type OrganizationFormOutput,
  type OrganizationFormValues,
} from '../lib/organization-form';
import { notifySuccess, ORGANIZATION_CREATED } from '../notify';
import { OrganizationFields } from './organization-fields';
import { PartyLookup, type LookupState } from './party-lookup';

/** `organization/create`'s refusal of an ИНН whose organisation the caller directs already. */
const ORGANIZATION_YOURS = 'organization_yours';

const MANUAL_FALLBACK = 'Поиск по ИНН сейчас недоступен: введите название и реквизиты сами.';

/** `/lk/organization/add`: the INN first (DaData fills the rest when it can), or everything by hand. */
export function OrganizationAddForm() {
  const unchosen = useUnchosenAddresses();
  const form = useForm<OrganizationFormValues, unknown, OrganizationFormOutput>({
    resolver: unchosen.resolver(organizationResolver),
    mode: 'onTouched',
    defaultValues: EMPTY_ORGANIZATION,
  });
  const findParty = useFindParty();
  const create = useCreateOrganization();
  const queryClient = useQueryClient();
  // «Отмена»: back to the list the form was opened from (as Back would), else to it as a new entry.
  const backToList = useBackClick('/lk/organization');
  const focusNextPage = useFocusNextPage();
  // Sent by the profile guard through the profile page: the page asked for, once a profile is active.
  const goOn = safeRedirect(useSearchParams()[0].get(REDIRECT_PARAM));
  const [lookup, setLookup] = useState<LookupState>({ status: 'idle' });
  const { errors, isSubmitting, isDirty } = form.formState;
  // What is typed or found by the INN is kept only by «Добавить организацию»: leaving asks first.
  const guard = useUnsavedChangesGuard(isDirty || unchosen.typed);
  const leaveFor = useLeaveSpentPage(guard);
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);

  const onFind = async () => {
    if (!(await form.trigger('inn', { shouldFocus: true }))) return;
    const inn = normalizeDigits(form.getValues('inn'));
    setLookup({ status: 'pending' });
    try {
      const party = await findParty(inn);
      for (const [name, value] of Object.entries(partyFormValues(party))) {
        form.setValue(name as keyof OrganizationFormValues, value, { shouldDirty: true, shouldValidate: value !== '' });
      }
      setLookup({ status: 'found', party });
    } catch (error) {
      if (isApiError(error) && error.status === 404) setLookup({ status: 'manual', message: error.message || MANUAL_FALLBACK });
      else setLookup({ status: 'failed', message: apiErrorText(error, 'Сервис поиска по ИНН не ответил: заполните данные вручную') });
    }
  };

  const onSubmit = refusal.handleSubmit((values) =>
    guard.releaseDuring(async () => {
      const known = lookup.status === 'found' ? { address: lookup.party.address } : null;
      try {
        const { message } = await create.mutateAsync(organizationBody(values, known));
        notifySuccess(message, ORGANIZATION_CREATED);
        focusNextPage();
        // The new organisation is the active profile (useCreateOrganization): the page asked for is
        // open now. Either page takes the form's place (or, come from it, is gone back to): Back does
        // not open the form again, empty, to add the organisation a second time.
        const next = goOn && useSessionStore.getState().activeProfile ? goOn : '/lk/organization';
        leaveFor(next);
      } catch (error) {
        // His own already (this form's call made it and its answer was lost, or an earlier one): it
        // is among his organisations, where the form takes him, rather than a refusal at «ИНН».
        if (isApiError(error) && error.code === ORGANIZATION_YOURS) {
          await refreshOrganizations(queryClient);
          bus.emit('toast:show', { type: 'info', message: error.message });
          focusNextPage();
          return leaveFor('/lk/organization');
        }
        applyApiError(error, refusal, ORGANIZATION_FIELDS);
      }
    }),
  );

  return (
    <form className="org-form" onSubmit={onSubmit} noValidate aria-label="Новая организация">
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <OrganizationFields
        form={form}
        unchosen={unchosen}
        onInnChange={() => lookup.status !== 'idle' && lookup.status !== 'pending' && setLookup({ status: 'idle' })}
        afterInn={<PartyLookup state={lookup} onFind={() => void onFind()} />}
      />
      {refusal.status}
      <div className="org-form__buttons">
        <Button type="submit" loading={isSubmitting}>
          Добавить организацию
        </Button>
        {/* «Отмена» says to drop what is typed: no question about it. */}
        <Link
          to="/lk/organization"
          className="org-form__cancel"
          onClick={(event) => {
            guard.releaseOnFollow(event);
            backToList(event);
          }}
        >
          Отмена
        </Link>
      </div>
      <LeaveUnsavedDialog blocker={guard.blocker} description="Данные организации не сохранены и пропадут, если уйти со страницы." />
    </form>
  );
}
