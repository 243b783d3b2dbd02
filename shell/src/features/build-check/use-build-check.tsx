import { useEffect } from 'react';
import type { Router } from '../../app/router';
import { startBuildCheck } from './build-check';
import { currentBuildVersion } from './build-version';

function NewVersionToast() {
  return (
    <div>
      <p>Доступна новая версия</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Обновить
      </button>
    </div>
  );
}

/** A new deploy is picked up at the next navigation (a full page load), or now via the toast. */
export function useBuildCheck(router: Router) {
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const stop = startBuildCheck({
      running: currentBuildVersion,
      onNewBuild: () => {
        // react-toastify is loaded after the start (features/toasts/toast-host): by now it is there.
        void import('react-toastify').then(({ toast }) => toast.info(<NewVersionToast />, { autoClose: false, toastId: 'new-version' }));
        unsubscribe = router.subscribe((state) => {
          if (state.navigation.state === 'loading' && state.navigation.location) {
            const { pathname, search, hash } = state.navigation.location;
            window.location.assign(`${pathname}${search}${hash}`);
          }
        });
      },
    });
    return () => {
      stop();
      unsubscribe?.();
    };
  }, [router]);
}
