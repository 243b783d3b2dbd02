import type { PageMeta, RouteMeta } from 'shared';

export type InfoPageKey = 'about' | 'consultations' | 'guarantees' | 'contacts' | 'privacy-policy' | 'reference';

interface InfoPageText {
  title: string;
  /** The line under the h1. */
  lead: string;
  /** For search engines and sharing: what the page holds, in a sentence or two. */
  description: string;
}

/** The text pages' titles and leads: the page shows them, and its head repeats them. */
export const INFO_PAGES: Record<InfoPageKey, InfoPageText> = {
  about: {
    title: 'О сервисе',
    lead: 'Заявки на услуги и исполнители в одном месте.',
    description: 'Как устроен Маркетплейс услуг: заказчики публикуют заявки, исполнители откликаются, договор и отчёт о выполнении подписываются кодом из СМС.',
  },
  consultations: {
    title: 'Консультации',
    lead: 'Помощь с заявкой, выбором исполнителя и документами.',
    description: 'Консультации по работе с сервисом: как составить заявку, оценить бюджет, выбрать исполнителя и оформить документы.',
  },
  guarantees: {
    title: 'Гарантии',
    lead: 'Как сервис защищает заказчиков и исполнителей.',
    description: 'Как Маркетплейс услуг защищает заказчиков и исполнителей: подтверждённые телефоны, документы с подписью по СМС, история заявки и приёмка работ.',
  },
  contacts: {
    title: 'Контакты',
    lead: 'Поможем разобраться с заявкой, документами и оплатой.',
    description: 'Контакты службы поддержки Маркетплейса услуг и заказ обратного звонка: поможем с заявкой, документами и оплатой.',
  },
  'privacy-policy': {
    title: 'Политика конфиденциальности',
    lead: 'Политика в отношении обработки персональных данных пользователей и посетителей сервиса.',
    description: 'Политика Маркетплейса услуг в отношении обработки персональных данных пользователей и посетителей сервиса (152-ФЗ).',
  },
  reference: {
    title: 'Справочная информация',
    lead: 'Как пользоваться сервисом: от регистрации до закрытия заявки.',
    description: 'Справка Маркетплейса услуг для заказчиков и исполнителей: регистрация и профили, заявки, отклики, статусы и частые вопросы.',
  },
};

/** A text page's head: no data, the same for every visitor. */
export function infoMeta(key: InfoPageKey): RouteMeta {
  const { title, description } = INFO_PAGES[key];
  const meta: PageMeta = { title, description, canonicalPath: `/${key}`, ogType: 'article' };
  return () => meta;
}
