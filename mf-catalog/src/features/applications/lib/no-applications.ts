/**
 * The catalogue has no application at all (no filter narrows it): the home page's «Свежие заявки»
 * and the unfiltered list say it alike, not «с такими условиями» for conditions nobody set (QA PP-2).
 * It lists published applications only, so it says none is open now: «пока нет» and «первую» were
 * untrue once applications had been and closed (QA PP-5).
 */
export const NO_APPLICATIONS_YET = {
  title: 'Открытых заявок сейчас нет',
  description: 'Опубликуйте свою — исполнители откликнутся.',
} as const;
