import { onlineManager } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useBusEvent, useTakingLong } from 'shared';

/**
 * How long the connection is down before the page says so: a socket renewed with a new token is
 * back at once, and says nothing.
 */
export const LIVE_LOST_NOTICE_MS = 2000;

/**
 * Whether the page has lost its live updates for a while: the socket dropped (the shell's
 * `socket:status`) or the browser went offline. Nothing arrives meanwhile; once the socket is
 * bound again, what was missed is fetched (useMessagingLive) and this turns false.
 */
export function useLiveLost(): boolean {
  const [socketDown, setSocketDown] = useState(false);
  useBusEvent('socket:status', ({ connected }) => setSocketDown(!connected));
  const [offline, setOffline] = useState(() => !onlineManager.isOnline());
  useEffect(() => onlineManager.subscribe((online) => setOffline(!online)), []);
  const down = socketDown || offline;
  // One wait per time the connection is down: its own clock (shared useTakingLong).
  const wait = useMemo(() => (down ? {} : null), [down]);
  return useTakingLong(wait, LIVE_LOST_NOTICE_MS);
}
