export * from './accounts';
export * from './admin';
export * from './bookings';
export * from './club-clock';
export * from './devices';
export * from './http';
export * from './messages';
export * from './shelves';
