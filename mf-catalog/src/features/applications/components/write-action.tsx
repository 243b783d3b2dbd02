import { Link } from 'react-router-dom';
import { useSessionStore, type ApplicationView } from 'shared';

/**
 * «Написать заказчику» on a published application, for a logged-in executor or organisation
 * profile that does not own it: the conversation in `/lk/message` (mf-messaging, by URL), which
 * opens the existing one or starts it with the first message.
 */
export function WriteAction({ application }: { application: ApplicationView }) {
  const profile = useSessionStore((s) => s.activeProfile);
  if (application.status !== 'published' || !profile || profile.type === 'customer' || profile.id === application.customer.id) return null;
  return (
    <Link className="write-action" to={`/lk/message?${new URLSearchParams({ applicationId: String(application.id) })}`}>
      Написать заказчику
    </Link>
  );
}
