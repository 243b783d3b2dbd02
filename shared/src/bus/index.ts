export * from './create-bus';
export * from './events';
export * from './bus';
export * from './use-bus-event';
