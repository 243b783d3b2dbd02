import { Outlet, useNavigation } from 'react-router-dom';
import { LoginDialog } from '../../features/auth/login-dialog';
import { LoadingBar } from '../../features/loading-bar/loading-bar';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <LoadingBar active={navigation.state !== 'idle'} />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <LoginDialog />
    </div>
  );
}
