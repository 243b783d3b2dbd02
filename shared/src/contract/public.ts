/**
 * The contract as the browser's `shared` entry carries it: what the public pages and the app's
 * start call (the catalogues, sign-in, the session's profile, notifications, addresses, maps,
 * documents' limits). The personal cabinet's calls — organisations, facilities, requisites, money,
 * the application's lifecycle, messaging — are `shared/lk` (`../lk.ts`), a singleton a page loads
 * only when its code needs them. The API reads the whole contract (`./index.ts`, `shared/contract`).
 */
export * from './define';
export * from './common';
export * from './service';
export * from './application';
export * from './application-shapes';
export * from './application-lifecycle';
export * from './health';
export * from './auth';
export * from './user';
export * from './notification';
export * from './address';
export * from './callback';
export * from './catalog';
export * from './document';
export * from './map';
export * from './sitemap';
// The wait in a 429's Russian text: the API (which may import only the contract) and the
// client's form hints say it the same way.
export { formatWait } from '../format/wait';
export { quoted } from '../format/quoted';
// Money in the API's texts (notifications) as the pages write it: «15 000 ₽», «2 000,10 ₽».
export { formatMoney } from '../format/money';
// The cabinet's pages linked to by URL, by the remotes and by the API's notifications.
export * from '../routing/lk-paths';
