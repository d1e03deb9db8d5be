export * from './accounts';
export * from './bookings';
export * from './http';
export * from './messages';
