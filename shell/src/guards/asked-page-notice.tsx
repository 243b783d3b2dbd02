import { useEffect, useState } from 'react';
import { useMatches } from 'react-router-dom';
import { quoted } from 'shared';
import type { RemotePageData } from '../remotes/remote-route';

/** What the profile page says to a visitor the profile guard sent there from `title`. */
export function askedPageNotice(title: string): string {
  return `Чтобы открыть страницу ${quoted(title)}, выберите профиль — после этого она откроется.`;
}

/**
 * Above the profile page, when the profile guard sent the visitor there from a page that needs a
 * profile (the page's loader tells its title, `askedFor`): which page, and why. The live region is
 * in the layout, empty, before its words come (a region that appears with them is not reliably
 * heard), and they are heard once, whether the focus stayed on the link followed or went to the
 * page's heading. Rendered from the start in the browser, not by the server: nothing to say there.
 */
export function AskedPageNotice() {
  const matches = useMatches();
  const askedFor = (matches.at(-1)?.data as Partial<RemotePageData> | undefined)?.askedFor;
  const [mounted, setMounted] = useState(false);
  const [said, setSaid] = useState<string>();
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted) setSaid(askedFor);
  }, [mounted, askedFor]);
  if (!mounted) return null;
  return (
    <div role="status" className="app-asked-notice-region">
      {/* Gone with the page at once; its words come after the region. */}
      {said && said === askedFor && <p className="app-asked-notice">{askedPageNotice(said)}</p>}
    </div>
  );
}
