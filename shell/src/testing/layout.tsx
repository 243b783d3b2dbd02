import { Outlet } from 'react-router-dom';
import { FocusOnNavigation } from '../app/layout/focus-on-navigation';
import { Header } from '../app/layout/header';

/**
 * The parts of the app's layout (RootLayout) that decide where the focus goes between pages:
 * FocusOnNavigation, the header, and the main region the route renders into.
 */
export function FocusLayout() {
  return (
    <>
      <FocusOnNavigation />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
