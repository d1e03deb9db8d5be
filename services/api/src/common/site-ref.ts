/**
 * The site a call acts on, as every service that reads or writes a club's data takes it: its id
 * scopes the queries, its zone makes the local days, weeks and hours.
 */
export interface SiteRef {
  readonly id: string;
  readonly timezone: string;
}
