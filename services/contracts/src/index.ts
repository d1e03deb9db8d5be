export * from './accounts';
export * from './http';
export * from './messages';
