export * from './get-own-facilities';
