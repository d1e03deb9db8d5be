import SportsTennisIcon from '@mui/icons-material/SportsTennis';
import { lazy } from 'react';

/**
 * Games: a day of the club's courts, hour by hour, closures marked, with booking an empty hour for a
 * walk-in or a caller and cancelling on the player's behalf; or a week at a glance.
 */
export const bookings = {
  list: lazy(() => import('./booking-day-list').then((module) => ({ default: module.BookingDayList }))),
  icon: SportsTennisIcon,
};
