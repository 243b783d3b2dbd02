/**
 * «в городе Казань»: the city the city picker chose, by its label (DaData's value: «г Казань»,
 * «Респ Татарстан, г Набережные Челны»), for a sentence; a link without the label has only the id.
 */
export function inCity(label: string | undefined): string {
  if (!label) return 'в выбранном городе';
  const name = (label.split(',').at(-1) ?? label).trim().replace(/^г\.?\s+/, '');
  return `в городе ${name || label}`;
}
