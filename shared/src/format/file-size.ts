const UNITS = ['Б', 'КБ', 'МБ', 'ГБ'] as const;

/** '512 Б', '1,5 МБ', '20 МБ' (a no-break space before the unit; binary units, as the 20 МБ limit). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${String(rounded).replace('.', ',')}\u00a0${UNITS[unit]}`;
}
