import { screen } from '@testing-library/react';
import { bus, type ApplicationLkDetail } from 'shared';
import { ok } from './fake-api';

/** The toasts emitted on the bus since `collectToasts()`. */
export function collectToasts(): unknown[] {
  const toasts: unknown[] = [];
  bus.clear();
  bus.on('toast:show', (t) => toasts.push(t));
  return toasts;
}

/** `application/get` answers `first`, then `next` (the state after a transition) for every refetch. */
export function detailAnswers(first: ApplicationLkDetail, next: ApplicationLkDetail = first) {
  let calls = 0;
  return () => ok(calls++ === 0 ? first : next);
}

export const actionBar = () => screen.getByRole('region', { name: 'Действия с заявкой' });

/** The bar's buttons and links, in order, by their visible text. */
export const barNames = () => [...actionBar().querySelectorAll('button, a')].map((el) => el.textContent);
