/** The page's Russian texts that tests and several components share. */
export const TEXTS = {
  title: 'Сообщения',
  listLabel: 'Диалоги',
  emptyTitle: 'Диалогов пока нет',
  emptyDescription:
    'Диалог появляется, когда вы пишете по заявке: исполнитель — заказчику опубликованной заявки (кнопка «Написать заказчику» на странице заявки), заказчик — исполнителю, который откликнулся (кнопка «Написать исполнителю» у отклика).',
  chooseConversation: 'Выберите диалог, чтобы прочитать переписку',
  listError: 'Не удалось загрузить диалоги',
  threadError: 'Не удалось загрузить переписку',
  threadNotFound: 'Диалог не найден',
  sendError: 'Не удалось отправить сообщение',
  noMessages: 'Сообщений пока нет',
  nothingFound: 'Сообщений по запросу не нашлось',
  back: 'Назад к диалогам',
  composerHint: 'Enter — отправить, Shift+Enter — новая строка',
} as const;
