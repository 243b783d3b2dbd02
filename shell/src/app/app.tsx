import { RouterProvider } from 'react-router-dom';
import { useBuildCheck } from '../features/build-check/use-build-check';
import type { Router } from './router';
import { Providers } from './providers';

export function App({ router }: { router: Router }) {
  useBuildCheck(router);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
