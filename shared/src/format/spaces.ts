/** The no-break space Russian text puts between digit groups and before a unit ('12 500 ₽'). */
export const NBSP = '\u00A0';

/**
 * A server's text as shown: «№» and the number after it on one line («заявке № 10104» broke
 * between them in a narrow toast). The server's words stay as they are; only how they wrap.
 */
export function keepNumbersTogether(text: string): string {
  return text.replace(/№ (?=\d)/g, `№${NBSP}`);
}
