import { screen } from '@testing-library/react';
import type { ApplicationLkDetail } from 'shared';
import { ok } from 'shared/testing';

/** `application/get` answers `first`, then `next` (the state after a transition) for every refetch. */
export function detailAnswers(first: ApplicationLkDetail, next: ApplicationLkDetail = first) {
  let calls = 0;
  return () => ok(calls++ === 0 ? first : next);
}

export const actionBar = () => screen.getByRole('region', { name: 'Действия с заявкой' });

/** The bar's buttons and links, in order, by their visible text. */
export const barNames = () => [...actionBar().querySelectorAll('button, a')].map((el) => el.textContent);
