import { Outlet, useNavigation } from 'react-router-dom';
import { AuthDialogsWhenAsked, AuthWithoutScripts } from '../../features/auth/auth-dialogs-when-asked';
import { LoadingBar } from '../../features/loading-bar/loading-bar';
import { FormFailurePerPage } from '../../features/toasts/form-failure-per-page';
import { AskedPageNotice } from '../../guards/asked-page-notice';
import { CabinetNav } from './cabinet-nav';
import { FocusOnNavigation } from './focus-on-navigation';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollPositions } from './scroll-positions';
import { SessionAnnouncer } from './session-announcer';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <ScrollPositions />
      <FocusOnNavigation />
      <FormFailurePerPage />
      <SessionAnnouncer />
      <LoadingBar active={navigation.state !== 'idle'} />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <CabinetNav />
        <AskedPageNotice />
        <AuthWithoutScripts />
        <Outlet />
      </main>
      <Footer />
      <AuthDialogsWhenAsked />
    </div>
  );
}
