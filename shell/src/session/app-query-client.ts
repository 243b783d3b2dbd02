import { createQueryClient } from 'shared';

/**
 * The page's one query client: the providers hand it to the shell's and the remotes' screens,
 * and the session code outside React (start, login, logout, socket) works on the same cache.
 */
export const appQueryClient = createQueryClient();
