import type { PageMeta } from 'shared';

const META: PageMeta = {
  title: 'Тестовая страница',
  description: 'Состояние сервиса: API и база данных, разделы приложения и их версии, соединение в реальном времени.',
  canonicalPath: '/test',
  ogType: 'website',
  // The service's state and its internal addresses: a page for its people, not for search results.
  noindex: true,
};

export const testPageMeta = () => META;
