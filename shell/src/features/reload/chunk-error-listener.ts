import { isChunkLoadError } from '../../remotes/remote-load-error';
import { reloadOnce } from './reload-guard';

/** A chunk that fails to load anywhere (a deploy replaced it) reloads the page, guarded. */
export function listenForChunkErrors(target: Window = window, reload: () => boolean = () => reloadOnce()): () => void {
  const onError = (event: ErrorEvent) => {
    if (isChunkLoadError(event.error ?? event.message)) reload();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reload();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
