import { renderRoutes } from 'shared/testing';
import { Component as DetailPage } from '../../../pages/application-detail-page';

const ListStandIn = () => <h1>Мои заявки</h1>;

/** The detail page at `/lk/application/detail/:id`, with a stand-in for the list its links lead to. */
export function renderDetail(id: number | string = 42) {
  return renderRoutes(
    [
      { path: '/lk/application/detail/:id', Component: DetailPage },
      { path: '/lk/application', Component: ListStandIn },
    ],
    `/lk/application/detail/${id}`,
  );
}
