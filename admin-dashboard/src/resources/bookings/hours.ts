/** Games start on the hour from 6:00 to 23:00 (spec section 9). */
export const HOURS_FIRST = 6;
export const HOURS_LAST = 23;
