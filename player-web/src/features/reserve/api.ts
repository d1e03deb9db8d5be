import type { AvailableTimes, Court, CourtsStatus, DetailResponse, OrderCreated } from '@kort/contracts';
import { bookingRules } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const courts = () => api<DetailResponse<Court[]>>('GET', '/api/get_courts/');
export const fullyBookedDays = (year: number, month: number) =>
  api<DetailResponse<number[]>>('GET', `/api/booked_times/?month=${month}&year=${year}`);
/** Not wrapped in `detail` (spec section 3: reserved and reserved_hours_by_current_user). */
export const availableTimes = (date: string) => api<AvailableTimes>('GET', `/api/get-available-times/?date=${date}`);
export const courtsStatus = (date: string, hour: number) =>
  api<CourtsStatus>('GET', `/api/get_courts_status/?date=${date}&hour=${hour}`);
export const orderCourt = (idCort: number, timeStart: string) =>
  api<OrderCreated>('POST', `/api/order-court/${idCort}/`, {
    id_cort: idCort,
    time_start: timeStart,
    players_count: bookingRules.playersCount,
  });
