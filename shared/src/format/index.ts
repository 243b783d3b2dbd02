export * from './spaces';
export * from './money';
export * from './date';
export * from './phone';
export * from './pluralize';
export * from './wait';
export * from './file-size';
export * from './quoted';
