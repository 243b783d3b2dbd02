import { useCallback, useState } from 'react';

/**
 * The pending state of one download button. `start` runs straight from the click handler, as
 * openFile must open its tab before any await; shared's downloadFile and openFile show their own
 * failure toast (the server's message, else spec §8's fallback) and never throw.
 */
export function useDownload() {
  const [pending, setPending] = useState(false);
  const start = useCallback((run: () => Promise<unknown>) => {
    setPending(true);
    void run().finally(() => setPending(false));
  }, []);
  return { pending, start };
}
