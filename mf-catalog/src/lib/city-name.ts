import type { CityParams } from './url-values';

/**
 * A settlement's part of an address (DaData's value) — «г Казань», «Респ Татарстан, г Набережные
 * Челны», «Московская обл, Одинцовский р-н, рп Заречье» — without the street and house after it;
 * undefined when no part of it names a settlement (a region alone). A house («д 5») is no village.
 */
const SETTLEMENT = /^(г|пгт|рп|кп|дп|гп|п|пос|с|д|х|ст-ца|аул|сл|нп)\.?\s+\D/;

export function cityOfAddress(value: string | undefined): string | undefined {
  const parts = value?.split(',').map((part) => part.trim()) ?? [];
  const at = parts.findIndex((part) => SETTLEMENT.test(part));
  return at < 0 ? undefined : parts.slice(0, at + 1).join(', ');
}

/** A settlement's own name, the last part of a label, as compared: «Омская обл, г. Омск» → «г омск». */
const settlementOf = (label: string) =>
  (label.split(',').at(-1) ?? label).toLowerCase().replace(/ё/g, 'е').replace(/\./g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The name a catalogue shows for the city of its filter: the one the visitor chose (`addressName`),
 * else the city of a listed item's address in it (`foundAddress`: a link without the name, as the
 * canonical URL of a city's list is), else «Выбранный город»; '' without a city. A name the link
 * carries that a listed item contradicts (`?address=<Omsk>&addressName=г Москва`, made by hand)
 * gives way to the item's city: the page, its chips and its title do not name another city.
 */
export function chosenCityName({ address, addressName }: CityParams, foundAddress?: string): string {
  if (!address) return '';
  const found = cityOfAddress(foundAddress);
  if (addressName && found && settlementOf(addressName) !== settlementOf(found)) return found;
  return addressName ?? found ?? 'Выбранный город';
}

/**
 * A settlement's name alone, from its label (DaData's value): the last part, without its kind —
 * «Респ Татарстан, г Набережные Челны» → «Набережные Челны», «пгт Советский» → «Советский».
 */
export function settlementName(label: string): string {
  const last = (label.split(',').at(-1) ?? label).trim();
  return (SETTLEMENT.test(last) ? last.replace(/^\S+?\.?\s+/, '') : last) || label;
}

/**
 * «в городе Казань»: the city the city picker chose, by its label (DaData's value: «г Казань»,
 * «Респ Татарстан, г Набережные Челны»), for a sentence; a link without the label has only the id.
 */
export function inCity(label: string | undefined): string {
  if (!label) return 'в выбранном городе';
  return `в городе ${settlementName(label)}`;
}
