import SportsTennisIcon from '@mui/icons-material/SportsTennis';
import { lazy } from 'react';

/** Games: a day of the club's courts, hour by hour, closures marked, with cancelling on the player's behalf. */
export const bookings = {
  list: lazy(() => import('./booking-day-list').then((module) => ({ default: module.BookingDayList }))),
  icon: SportsTennisIcon,
};
