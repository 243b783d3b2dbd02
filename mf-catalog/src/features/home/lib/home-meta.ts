import { absoluteUrl, SITE_NAME, type RouteMeta } from 'shared';
import { HOME_TITLE } from './home-title';

/** `/`: the marketplace itself, with a `WebSite` whose search is the application search. */
export const homeMeta: RouteMeta = ({ url }) => ({
  title: HOME_TITLE,
  description:
    'Заказчики публикуют заявки на услуги, исполнители откликаются и предлагают цену и сроки. Договор и отчёт о выполнении работ подписываются кодом из СМС.',
  canonicalPath: '/',
  ogType: 'website',
  jsonLd: [
    {
      '@type': 'WebSite',
      name: SITE_NAME,
      url: absoluteUrl(url.origin, '/'),
      inLanguage: 'ru-RU',
      potentialAction: {
        '@type': 'SearchAction',
        target: absoluteUrl(url.origin, '/application/search?query={search_term_string}'),
        'query-input': 'required name=search_term_string',
      },
    },
  ],
});
