import { Link } from 'react-router-dom';
import { useSessionStore } from 'shared';
import { useAfterHydration } from '../lib/use-hydrated';

export interface OwnerNoteProps {
  /** The profile the public page is of, or that owns what it shows. */
  ownerId: number;
  /** «Это ваш объект.» */
  line: string;
  /** Where the owner manages it in the cabinet, and the link's words. */
  href: string;
  linkText: string;
}

/**
 * A public page seen by its own profile, signed in: a line saying so and the way to manage it in
 * the cabinet. The server renders for a guest, so the line comes once the page has hydrated.
 */
export function OwnerNote({ ownerId, line, href, linkText }: OwnerNoteProps) {
  const profileId = useSessionStore((s) => s.activeProfile?.id);
  const own = useAfterHydration(profileId === ownerId, false);
  if (!own) return null;
  return (
    <p>
      {line} <Link to={href}>{linkText}</Link>
    </p>
  );
}
