import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextAreaField, TextField } from 'shared';
import { innDigits, kppChars, ogrnDigits, type OrganizationFormOutput, type OrganizationFormValues } from '../lib/organization-form';

type Form = UseFormReturn<OrganizationFormValues, unknown, OrganizationFormOutput>;
/** The address is an object to the schema: its text's message sits at `address.value`. */
const nestedMessage = (error: unknown): string | undefined => {
  const e = error as { message?: string; value?: { message?: string } } | undefined;
  return e?.message ?? e?.value?.message;
};

type MaskedName = 'inn' | 'kpp' | 'ogrn';

export interface OrganizationFieldsProps {
  form: Form;
  /** After the INN field: the lookup button and its outcome on the add page. */
  afterInn?: ReactNode;
  /** Typing a new INN makes an earlier lookup stale. */
  onInnChange?: () => void;
}

/** The organisation's requisites, shared by the add page and the edit dialog. */
export function OrganizationFields({ form, afterInn, onInnChange }: OrganizationFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;

  // No `maxLength`: the mask cuts to the number's length once spaces and dashes are gone, where the
  // attribute would cut a pasted "5001 0073 2259" (as printed) by its characters, digits lost.
  const masked = (name: MaskedName, mask: (value: string) => string, after?: () => void) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        after?.();
        return field.onChange(event);
      },
    };
  };

  return (
    <>
      <TextField
        label="ИНН"
        inputMode="numeric"
        autoComplete="off"
        hint="10 цифр у организации, 12 — у ИП"
        error={errors.inn?.message}
        {...masked('inn', innDigits, onInnChange)}
      />
      {afterInn}
      <TextField label="Название" autoComplete="organization" error={errors.name?.message} {...register('name')} />
      <div className="org-form__pair">
        <TextField label="КПП" autoComplete="off" hint="Необязательно; у ИП его нет" error={errors.kpp?.message} {...masked('kpp', kppChars)} />
        <TextField
          label="ОГРН"
          inputMode="numeric"
          autoComplete="off"
          hint="Необязательно; 13 цифр, у ИП — 15"
          error={errors.ogrn?.message}
          {...masked('ogrn', ogrnDigits)}
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
      <TextAreaField label="Описание" hint="Необязательно" maxLength={2000} error={errors.description?.message} {...register('description')} />
    </>
  );
}
