export * from './contract/public';
export * from './config';
export * from './api';
export * from './bus';
export * from './query';
export * from './session';
export * from './routing';
// Back links that return to the list view a detail page was opened from (the catalogue's, the cabinet's lists).
export * from './routing/from-state';
export * from './seo';
export * from './format';
export * from './ui';
// What a too-soon «Получить код» says of the code sent before (the auth dialogs, the cabinet's change of phone).
export * from './ui/sent-code';
export * from './map';
// The address suggestions' query alone: the address field itself is the cabinet's (`shared/lk`).
export * from './address/search-addresses';
export * from './zod';
