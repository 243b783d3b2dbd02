/** The page's Russian texts that tests and several components share. */
export const TEXTS = {
  title: 'Сообщения',
  listLabel: 'Диалоги',
  emptyTitle: 'Диалогов пока нет',
  emptyDescription:
    'Диалог появляется, когда вы пишете по заявке: исполнитель — заказчику опубликованной заявки (кнопка «Написать заказчику» на странице заявки), заказчик — исполнителю, который откликнулся (кнопка «Написать исполнителю» у отклика).',
  /** The empty list beside a new conversation being written: how to find one is not what the writer needs. */
  emptyWhileWriting: 'Диалог появится здесь, как только вы отправите первое сообщение.',
  chooseConversation: 'Выберите диалог, чтобы прочитать переписку',
  listError: 'Не удалось загрузить диалоги',
  threadError: 'Не удалось загрузить переписку',
  threadNotFound: 'Диалог не найден',
  sendError: 'Не удалось отправить сообщение',
  offline: 'Нет соединения с интернетом. Сообщение не отправлено',
  /** A message that did not reach the server waits to be sent again by itself (QA YYY-3). */
  waitingToSend: 'Нет связи с сервером. Сообщение отправится, когда связь восстановится',
  /** Said by a toast when a conversation left meanwhile could not send: where its text is. */
  leftUnsent: 'Текст сообщения ждёт в поле диалога',
  liveLost: 'Нет связи с сервером: новые сообщения появятся здесь, когда связь восстановится. Обновлять страницу не нужно.',
  /** The same, shown on a phone beside the title, where the sentence would push the composer down (the sentence is still what is read out). */
  liveLostShort: 'Нет связи',
  noMessages: 'Сообщений пока нет',
  nothingFound: 'Сообщений по запросу не нашлось',
  newBelow: 'Новые сообщения ниже',
  back: 'Назад к диалогам',
  composerHint: 'Enter — отправить, Shift+Enter — новая строка',
  /** The keyboard's way past the thread (each of its files a button) to the composer. */
  skipToComposer: 'Перейти к полю сообщения',
} as const;
