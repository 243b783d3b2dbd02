import { formatDate, formatDateTime } from 'shared';

/**
 * Public pages are rendered on the server too (ARCHITECTURE §9): a moment is shown in Moscow time,
 * never in the zone of the machine that renders it, so the server's HTML and the browser's first
 * render agree. A bare calendar date (`2026-12-20`) is the same day in every zone anyway.
 */
export const PUBLIC_TIME_ZONE = 'Europe/Moscow';

export const formatPublicDate = (value: string | Date) => formatDate(value, { timeZone: PUBLIC_TIME_ZONE });

export const formatPublicDateTime = (value: string | Date) => formatDateTime(value, { timeZone: PUBLIC_TIME_ZONE });
