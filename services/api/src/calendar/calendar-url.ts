/** The address of a player's iCalendar feed, or null when it is switched off. */
export function calendarUrl(publicUrl: string, token: string | null): string | null {
  return token ? `${publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics` : null;
}
