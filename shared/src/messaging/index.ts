export * from './get-messagings';
export * from './get-messages';
export * from './messaging-cache';
export * from './send-message';
export * from './read-messages';
export * from './download-message-document';
export * from './use-messaging-live';
