import { useCallback, useId, useRef } from 'react';
import { Button, FieldRefusalStatus, hasCoordinates, TextField, useSaidStatus, type Address } from 'shared';
import { formatCoordinate, parseCoordinate } from '../lib/form-values';
import { PickerMap } from '../map/facility-maps';
import type { Point } from '../map/types';

export interface LocationFieldProps {
  geoLat: string;
  geoLon: string;
  onChange: (geoLat: string, geoLon: string) => void;
  address: Address | undefined;
  errors: { geoLat?: string | undefined; geoLon?: string | undefined };
  latProps: Omit<React.ComponentProps<typeof TextField>, 'label'>;
  lonProps: Omit<React.ComponentProps<typeof TextField>, 'label'>;
}

/** What is said when the address's own point is put in the fields (the button, or an address chosen over a point set). */
export const addressPointTaken = (geoLat: string, geoLon: string) => `Координаты взяты из адреса: ${geoLat}, ${geoLon}`;

/**
 * The facility's point: a click on the map (or dragging its marker) sets it; for the keyboard the
 * same point is two fields, or the chosen address's own coordinates with one button.
 */
export function LocationField({ geoLat, geoLon, onChange, address, errors, latProps, lonProps }: LocationFieldProps) {
  const hintId = useId();
  const coordinates = useRef<HTMLDivElement>(null);
  const lat = parseCoordinate(geoLat);
  const lon = parseCoordinate(geoLon);
  const place = { geoLat: lat, geoLon: lon };
  const point: Point | null = hasCoordinates(place) ? place : null;
  const addressPoint = address && hasCoordinates(address) ? address : null;
  const pick = useCallback((next: Point) => onChange(formatCoordinate(next.geoLat), formatCoordinate(next.geoLon)), [onChange]);
  // «Взять координаты адреса» keeps the focus: what it put in the fields is said, in their format,
  // the same point again too (QA JJJ-3).
  const [taken, sayTaken] = useSaidStatus();
  const takeAddressPoint = (from: Point) => {
    pick(from);
    sayTaken(addressPointTaken(formatCoordinate(from.geoLat), formatCoordinate(from.geoLon)));
  };

  return (
    <fieldset className="facility-fieldset" aria-describedby={hintId}>
      <legend>Точка на карте</legend>
      <p id={hintId} className="facility-muted">
        Нажмите на карту, чтобы поставить точку, и перетащите метку, чтобы её уточнить. Координаты можно ввести и вручную или взять у адреса.
      </p>
      <PickerMap point={point && { geoLat: point.geoLat, geoLon: point.geoLon }} onPick={pick} />
      <div ref={coordinates} className="facility-coordinates">
        <TextField label="Широта" inputMode="decimal" autoComplete="off" placeholder="55.796300" error={errors.geoLat} {...latProps} />
        {/* An iPhone's decimal pad has no minus, and Chukotka east of 180° needs one (QA NN-6): a full keyboard for the longitude. */}
        <TextField label="Долгота" inputMode="text" autoComplete="off" placeholder="49.108800" error={errors.geoLon} {...lonProps} />
      </div>
      <div className="facility-row">
        <Button variant="secondary" size="sm" disabled={!addressPoint} onClick={() => addressPoint && takeAddressPoint(addressPoint)}>
          Взять координаты адреса
        </Button>
        {point && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange('', '');
              // The button goes with the point: the focus to «Широта», where a new one is typed, not to the body.
              coordinates.current?.querySelector('input')?.focus();
            }}
          >
            Убрать точку
          </Button>
        )}
      </div>
      <FieldRefusalStatus said={taken} />
    </fieldset>
  );
}
