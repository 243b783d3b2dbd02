import type { CityParams } from './url-values';

/**
 * The name a catalogue shows for the city of its filter: the one the visitor chose (`addressName`),
 * else one the page found for that id (`found`: a listed item's address), else «Выбранный город»;
 * '' without a city.
 */
export function chosenCityName({ address, addressName }: CityParams, found?: string): string {
  if (!address) return '';
  return addressName ?? found ?? 'Выбранный город';
}

/**
 * «в городе Казань»: the city the city picker chose, by its label (DaData's value: «г Казань»,
 * «Респ Татарстан, г Набережные Челны»), for a sentence; a link without the label has only the id.
 */
export function inCity(label: string | undefined): string {
  if (!label) return 'в выбранном городе';
  const name = (label.split(',').at(-1) ?? label).trim().replace(/^г\.?\s+/, '');
  return `в городе ${name || label}`;
}
