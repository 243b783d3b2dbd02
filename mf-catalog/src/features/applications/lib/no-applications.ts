/**
 * The catalogue has no application at all (no filter narrows it): the home page's «Свежие заявки»
 * and the unfiltered list say it alike, not «с такими условиями» for conditions nobody set (QA PP-2).
 */
export const NO_APPLICATIONS_YET = {
  title: 'Заявок пока нет',
  description: 'Опубликуйте первую — исполнители откликнутся.',
} as const;
