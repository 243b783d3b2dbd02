import { clampText } from 'shared';

/**
 * Bounds of a catalogue page's title (the tab's, `<title>` and og:title): a name may be 300
 * characters long and an address 500, but a title is read in a tab or a search result, where about
 * 60 show (QA KKK-3). The name is cut first, so what the page is («— организация-исполнитель»)
 * still shows; then the whole, at a word, as descriptions are (clampText).
 */
const NAME_MAX = 60;
const TITLE_MAX = 100;

/** «<name> — <what it is>», bounded. */
export function entityTitle(name: string, about: string): string {
  return clampText(`${clampText(name, NAME_MAX)} — ${about}`, TITLE_MAX);
}
