/**
 * The personal cabinet's calls: the browser's `shared/lk` entry (`../lk.ts`) carries them, apart
 * from the `shared` every page's start evaluates (./public.ts). The API reads both (./index.ts).
 */
export * from './application-lk';
export * from './application-documents';
export * from './application-payment';
export * from './application-actions';
export * from './payment';
export * from './bank-requisite';
export * from './organization';
export * from './facility-lk';
export * from './application-numbers';
export * from './money';
export * from './messaging';
