export * from './types';
export * from './normalize';
export * from './graveStatus';
export * from './format';
export * from './policy';
export * from './validation';
export { messages, t, type MessageKey } from './messages';
