import { useLocation } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** The catch-all route: spec §8 wants the path in the text. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorScreen status={404} detail={`Page not found: ${pathname}`} detailLang="en" />;
}
