import { Link, useLocation } from 'react-router-dom';
import { fromStateOf, loginOver, useIsLoggedIn, useSessionStore, writeToPath, type ApplicationView } from 'shared';

/**
 * «Написать заказчику» on a published application, for a logged-in executor or organisation
 * profile that does not own it: the conversation in `/lk/message`, which opens the existing one or
 * starts it with the first message. A guest gets it too, as «Откликнуться»: the login dialog opens
 * over the page and goes on to the conversation (where a customer's profile is told it cannot write).
 */
export function WriteAction({ application }: { application: ApplicationView }) {
  const loggedIn = useIsLoggedIn();
  const profile = useSessionStore((s) => s.activeProfile);
  const location = useLocation();
  if (application.status !== 'published') return null;
  if (!loggedIn) {
    return (
      <Link className="write-action" to={loginOver(location, writeToPath(application.id))} state={fromStateOf(location.state)}>
        Написать заказчику
      </Link>
    );
  }
  if (!profile || profile.type === 'customer' || profile.id === application.customer.id) return null;
  return (
    <Link className="write-action" to={writeToPath(application.id)}>
      Написать заказчику
    </Link>
  );
}
