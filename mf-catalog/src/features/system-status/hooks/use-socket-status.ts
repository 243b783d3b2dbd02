import { useState } from 'react';
import { useBusEvent } from 'shared';

export interface SocketStatus {
  connected: boolean;
  at: Date;
}

/** The shell owns the socket and reports it on the bus; null until the first report arrives. */
export function useSocketStatus(): SocketStatus | null {
  const [status, setStatus] = useState<SocketStatus | null>(null);
  useBusEvent('socket:status', ({ connected }) => setStatus({ connected, at: new Date() }));
  return status;
}
