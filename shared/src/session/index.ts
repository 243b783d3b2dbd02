export * from './cookies';
export * from './session-store';
export * from './sms-countdown';
