import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { bodySchemaOf, PROFILE_SAVED_MESSAGE, TextAreaField, useFormRefusal, userProfileUpdate, useUpdateProfile, type Address, type Profile } from 'shared';
import { LeaveUnsavedDialog, useUnchosenAddresses, useUnsavedChangesGuard } from 'shared/lk';
import { CityField } from '../../../components/city-field';
import { useServiceCount } from '../../../lib/profile-services';
import { notifySuccess, reportFormError } from '../notify';
import { SaveButton } from './save-button';

/** The catalogue lists an executor once he offers a service (the API's IS_EXECUTOR). */
export const NO_SERVICES_NOTE = 'В каталоге исполнителей страница появится, когда вы выберете услуги.';

const schema = bodySchemaOf(userProfileUpdate);

interface Values {
  description: string;
  address: Address | null;
}

const valuesOf = (profile: Profile): Values => ({ description: profile.description ?? '', address: profile.address });

/** The call's body for the profile: an emptied «О себе» is no description (null). */
const bodyOf = (id: number, values: Values) => ({ id, description: values.description.trim() || null, address: values.address });

/**
 * The executor profile's public part: «О себе» and the city, shown on its page in the executor
 * catalogue (`/executor/:id`), whose city filter reads this city. Saved for the profile by id.
 */
export function PublicProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const serviceCount = useServiceCount(profile.id).data;
  const unchosen = useUnchosenAddresses();
  const form = useForm<Values>({
    // The contract's checks of the body the form would send (the form keeps its own values), and
    // no city typed but not chosen.
    resolver: unchosen.resolver(async (values, context, options) => {
      const result = await zodResolver(schema)(bodyOf(profile.id, values), context, options as never);
      return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
    }),
    defaultValues: valuesOf(profile),
  });
  const { register, reset, control, formState } = form;
  const { errors, isSubmitting } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  // A city typed and not chosen is an edit too: «Сохранить» takes it (and says to choose it).
  const isDirty = formState.isDirty || unchosen.typed;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = refusal.handleSubmit(async (values) => {
    try {
      const { data, message } = await update.mutateAsync(bodyOf(profile.id, values));
      reset(valuesOf(data.profile));
      notifySuccess(message, PROFILE_SAVED_MESSAGE);
    } catch (error) {
      reportFormError(error, refusal, ['description', 'address']);
    }
  });

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <TextAreaField
        label="О себе"
        rows={5}
        maxLength={2000}
        hint="Что вы делаете, опыт, в какие дни и часы работаете. До 2000 символов."
        error={errors.description?.message}
        {...register('description')}
      />
      <CityField control={control} name="address" unchosen={unchosen} />
      {refusal.status}
      <div className="profile-form__actions">
        <SaveButton dirty={isDirty} saving={isSubmitting} />
        {serviceCount !== undefined && serviceCount > 0 && <Link to={`/executor/${profile.id}`}>Моя страница в каталоге</Link>}
      </div>
      {serviceCount === 0 && (
        <p className="profile-section__lead">
          {NO_SERVICES_NOTE} <Link to="/lk/service">Выбрать услуги</Link>
        </p>
      )}
      <LeaveUnsavedDialog blocker={guard.blocker} description="Сведения страницы исполнителя не сохранены и пропадут, если уйти со страницы." />
    </form>
  );
}
