import { BudgetExceeded } from './budget';
import type { RemoteName } from './registry';

/** A remote's manifest, entry or chunk could not be loaded. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';

  constructor(
    readonly remote: RemoteName,
    override readonly cause: unknown,
  ) {
    super(`Не удалось загрузить модуль ${remote}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }

  /** The remote's server took the request and never answered (the time budget ran out). */
  get timedOut(): boolean {
    return this.cause instanceof BudgetExceeded;
  }
}

export function isRemoteLoadError(error: unknown): error is RemoteLoadError {
  return error instanceof RemoteLoadError;
}

const CHUNK_ERROR = /ChunkLoadError|Loading chunk|Loading CSS chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|RUNTIME-00\d|Failed to get manifest/i;

/** Errors thrown by webpack or the federation runtime when a file cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}
