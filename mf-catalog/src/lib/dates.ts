import { formatDateTime, formatProductDate, PUBLIC_TIME_ZONE } from 'shared';

/**
 * Public pages are rendered on the server too (ARCHITECTURE §9): a moment is shown in Moscow time
 * (`PUBLIC_TIME_ZONE`), never in the zone of the machine that renders it, so the server's HTML and
 * the browser's first render agree. A bare calendar date (`2026-12-20`) is the same day in every
 * zone anyway. The shell's server sends the zone's offset with the page, so the browser needs no
 * Intl for it (`setZoneWindows`).
 */
export const formatPublicDate = formatProductDate;

/** '30 ноября 2026, 03:03 МСК': a time of day says its zone, the cabinet's being the visitor's own. */
export const formatPublicDateTime = (value: string | Date) => {
  const text = formatDateTime(value, { timeZone: PUBLIC_TIME_ZONE });
  return text === '—' ? text : `${text} МСК`;
};
