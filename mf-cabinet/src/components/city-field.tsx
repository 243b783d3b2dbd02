import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { AddressField, type UnchosenAddresses } from 'shared/lk';

export interface CityFieldProps<T extends FieldValues, Output> {
  /** The form's control (whatever its resolver makes of the values). */
  control: Control<T, unknown, Output>;
  /** The form's field holding the city: an `Address` or null. */
  name: Path<T>;
  /** The form's `useUnchosenAddresses()`, whose resolver refuses a city typed and not chosen. */
  unchosen: UnchosenAddresses;
}

/**
 * «Город» of an executor's profile or of an organisation: one city from the suggestions, the
 * city the executor catalogue filters by (`p.city_fias_id`). Emptied, it holds null.
 */
export function CityField<T extends FieldValues, Output = T>({ control, name, unchosen }: CityFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AddressField
          label="Город"
          citiesOnly
          hint="Заказчики находят исполнителей по городу"
          value={field.value ?? undefined}
          inputRef={field.ref}
          error={fieldState.error?.message}
          onChange={(next) => field.onChange(next ?? null)}
          {...unchosen.field(name)}
        />
      )}
    />
  );
}
