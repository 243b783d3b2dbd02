import type { PageMeta } from 'shared';

const META: PageMeta = {
  title: 'Тестовая страница',
  description: 'Состояние сервиса: API и база данных, разделы приложения и их версии, соединение в реальном времени.',
  canonicalPath: '/test',
  ogType: 'website',
};

export const testPageMeta = () => META;
