import { useRouteError } from 'react-router-dom';
import { RouteErrorScreen } from './route-error-screen';

/** Last resort when the layout itself fails: the screen without the layout. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="app-main">
      <RouteErrorScreen error={error} />
    </main>
  );
}
