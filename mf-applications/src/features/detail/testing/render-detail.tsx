import { screen } from '@testing-library/react';
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

/**
 * The application is shown: its status badge is there. (Its h1 is not the sign: the loading state
 * has a hidden h1 of its own, QA NN-1.)
 */
export const detailShown = () => screen.findByText(/./, { selector: '.detail-status' });
