export { whenZodReady, zodReady } from './ready';
