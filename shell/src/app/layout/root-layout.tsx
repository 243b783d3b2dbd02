import { useEffect, useState, type ComponentType } from 'react';
import { Outlet, useNavigation, useSearchParams } from 'react-router-dom';
import { bus, zodReady } from 'shared';
import { AUTH_PARAM, isAuthMode } from '../../features/auth/auth-params';
import { LoadingBar } from '../../features/loading-bar/loading-bar';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTopOnNewPage } from './scroll-to-top';

// The dialogs (forms, validation) load only when a URL asks for one: `?auth=login|register|recovery`.
// Loaded into state rather than React.lazy: a lazy component would suspend the router's
// navigation transition that opened it.
// Their forms parse as they render: zod comes with them (shared/src/zod/on-demand.ts).
const loadAuthDialogs = () =>
  Promise.all([import(/* webpackChunkName: "auth-dialogs" */ '../../features/auth/auth-dialogs'), zodReady()]).then(([m]) => m.AuthDialogs);

function AuthDialogsWhenAsked() {
  const [params] = useSearchParams();
  const asked = isAuthMode(params.get(AUTH_PARAM));
  const [Dialogs, setDialogs] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!asked || Dialogs) return;
    let live = true;
    loadAuthDialogs().then(
      (component) => live && setDialogs(() => component),
      () => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить форму входа, обновите страницу' }),
    );
    return () => {
      live = false;
    };
  }, [asked, Dialogs]);
  return asked && Dialogs ? <Dialogs /> : null;
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <ScrollToTopOnNewPage />
      <LoadingBar active={navigation.state !== 'idle'} />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <AuthDialogsWhenAsked />
    </div>
  );
}
