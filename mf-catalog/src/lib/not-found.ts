import type { NotFoundStateProps } from 'shared';

/**
 * A detail page's «not found» state, for an id the API does not know: the page shows it, and its
 * route's head (`detailMeta`) takes the title, the description and the way on from it, which the
 * server's 404 for a browser without JavaScript says too.
 */
export const SERVICE_NOT_FOUND: NotFoundStateProps = {
  title: 'Услуга не найдена',
  description: 'Возможно, её убрали из каталога или в адресе ошибка.',
  backTo: '/service',
  backLabel: 'Вернуться к каталогу услуг',
};

export const EXECUTOR_NOT_FOUND: NotFoundStateProps = {
  title: 'Исполнитель не найден',
  description: 'Возможно, профиль удалён или в адресе ошибка.',
  backTo: '/executor',
  backLabel: 'Вернуться к списку исполнителей',
};

export const FACILITY_NOT_FOUND: NotFoundStateProps = {
  title: 'Объект не найден',
  description: 'Возможно, объект удалён или в адресе ошибка.',
  backTo: '/',
  backLabel: 'На главную',
};

/** Only a published application is public: a closed or completed one is «not found» too (QA PP-5). */
export const APPLICATION_NOT_FOUND: NotFoundStateProps = {
  title: 'Заявка не найдена',
  description: 'Возможно, она закрыта или снята с публикации, или в адресе ошибка.',
  backTo: '/application',
  backLabel: 'Вернуться к списку заявок',
};
