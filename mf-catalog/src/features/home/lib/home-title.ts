/** The home page's title: the server's head and the tab after a navigation in the browser say the same. */
export const HOME_TITLE = 'Заявки на услуги и исполнители в одном месте';
