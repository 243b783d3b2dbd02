import type { TocItem } from './info-page';

export const PRIVACY_SECTIONS: readonly TocItem[] = [
  { id: 'general', title: 'Общие положения' },
  { id: 'operator', title: 'Сведения об операторе' },
  { id: 'terms', title: 'Основные понятия' },
  { id: 'purposes', title: 'Цели обработки' },
  { id: 'data', title: 'Категории субъектов и персональных данных' },
  { id: 'grounds', title: 'Правовые основания обработки' },
  { id: 'processing', title: 'Порядок и условия обработки' },
  { id: 'periods', title: 'Сроки обработки и хранения' },
  { id: 'rights', title: 'Права субъекта персональных данных' },
  { id: 'cookies', title: 'Файлы cookie' },
  { id: 'requests', title: 'Обращения и контакты' },
  { id: 'changes', title: 'Изменение политики' },
];
