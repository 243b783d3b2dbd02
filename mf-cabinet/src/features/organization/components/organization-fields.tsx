import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextAreaField, TextField } from 'shared';
import type { UnchosenAddresses } from 'shared/lk';
import { CityField } from '../../../components/city-field';
import { useCheckTypedFields } from '../../../lib/check-typed-fields';
import { maskedField } from '../../../lib/requisite-masks';
import type { OrganizationFormOutput, OrganizationFormValues } from '../lib/organization-form';

type Form = UseFormReturn<OrganizationFormValues, unknown, OrganizationFormOutput>;
/** The address is an object to the schema: its text's message sits at `address.value`. */
const nestedMessage = (error: unknown): string | undefined => {
  const e = error as { message?: string; value?: { message?: string } } | undefined;
  return e?.message ?? e?.value?.message;
};

export interface OrganizationFieldsProps {
  form: Form;
  /** The form's `useUnchosenAddresses()`: a city typed in «Город» and not chosen is refused. */
  unchosen: UnchosenAddresses;
  /** After the INN field: the lookup button and its outcome on the add page. */
  afterInn?: ReactNode;
  /** Typing a new INN makes an earlier lookup stale. */
  onInnChange?: () => void;
}

/** The organisation's requisites, its city and description, shared by the add page and the edit dialog. */
export function OrganizationFields({ form, unchosen, afterInn, onInnChange }: OrganizationFieldsProps) {
  const { control, formState } = form;
  // Both forms check a field as it is left: only once it was typed in (QA FFF-2).
  const register = useCheckTypedFields(form.register);
  const { errors } = formState;

  return (
    <>
      <TextField
        label="ИНН"
        autoComplete="off"
        hint="10 цифр у организации, 12 — у ИП"
        error={errors.inn?.message}
        {...maskedField(register('inn'), 'inn', onInnChange)}
      />
      {afterInn}
      <TextField label="Название" autoComplete="organization" error={errors.name?.message} {...register('name')} />
      <div className="org-form__pair">
        <TextField label="КПП" autoComplete="off" hint="Необязательно; у ИП его нет" error={errors.kpp?.message} {...maskedField(register('kpp'), 'kpp')} />
        <TextField
          label="ОГРН"
          autoComplete="off"
          hint="Необязательно; 13 цифр, у ИП — 15"
          error={errors.ogrn?.message}
          {...maskedField(register('ogrn'), 'ogrn')}
        />
      </div>
      <TextField
        label="Юридический адрес"
        autoComplete="street-address"
        maxLength={500}
        hint="Необязательно"
        error={nestedMessage(errors.address)}
        {...register('address')}
      />
      {/* Its own field, not the address's: the address may be typed by hand (no DaData) and name no city. */}
      <CityField control={control} name="city" unchosen={unchosen} />
      <TextAreaField label="Описание" hint="Необязательно" maxLength={2000} error={errors.description?.message} {...register('description')} />
    </>
  );
}
