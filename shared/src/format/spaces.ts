/** The no-break space Russian text puts between digit groups and before a unit ('12 500 ₽'). */
export const NBSP = '\u00A0';
