import { lazy, Suspense, useEffect, useState } from 'react';
import { bridgeToasts } from './toast-bridge';

// Not part of the start: a server-rendered page hydrates without it (ARCHITECTURE §9).
const ToastView = lazy(() => import(/* webpackChunkName: "toasts" */ './toast-view'));

export function ToastHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const stop = bridgeToasts();
    setMounted(true);
    return stop;
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  ) : null;
}
