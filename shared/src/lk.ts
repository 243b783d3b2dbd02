/**
 * `shared/lk`: the personal cabinet's part of `shared`, a Module Federation singleton of its own
 * (`scripts/webpack/shared-deps.cjs`) that no public page's start loads. Every page's start
 * evaluates the `shared` singleton; with the cabinet's contracts (organisations, facilities,
 * requisites, money, the application's lk calls and documents, messaging), hooks and widgets out
 * of it, that start's `shared` went from 37.2 to 29.8 kB compressed (bench:web).
 *
 * Its modules reach the stateful part of `shared` (the API client, query keys, the bus, the
 * session, the UI kit) through the package's name, `from 'shared'`, never by a relative path:
 * whichever build provides this singleton, those then resolve to the one `shared` every build
 * consumes (one bus, one query client, one `ApiError` class). The contract modules import the
 * contract's own pure modules (`define`, `common`, `lazy-schema`, …) relatively, because the API
 * reads them without React through `shared/contract`.
 */
export * from './contract/lk';
export * from './messaging';
export * from './address';
export * from './facility';
export * from './session/use-active-profile';
export * from './ui/form-dialog';
export * from './ui/changed-elsewhere';
export * from './ui/unsaved-changes-guard';
export * from './ui/file-upload';
export * from './ui/no-profile-state';
