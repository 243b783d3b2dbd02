import { clampText, type ApplicationView, type RouteMeta } from 'shared';
import { detailMeta } from '../../../lib/route-handle';
import { APPLICATION_NOT_FOUND } from '../../../lib/not-found';
import { getApplicationQueryOptions } from '../api/get-application';

/**
 * `/application/:id`, client-rendered (spec §2): the server sends no page, but its head names the
 * application (a shared link's title and description, the tab's title) and a missing one answers 404.
 */
export const applicationMeta: RouteMeta = /* @__PURE__ */ detailMeta<ApplicationView>({
  options: getApplicationQueryOptions,
  notFound: APPLICATION_NOT_FOUND,
  fallback: (id) => ({ title: 'Заявка', description: 'Заявка на услугу: что сделать, где, к какому сроку и за какой бюджет.', canonicalPath: `/application/${id}` }),
  build: (application) => ({
    title: application.name,
    description: clampText(application.description || application.name),
    canonicalPath: `/application/${application.id}`,
  }),
});
