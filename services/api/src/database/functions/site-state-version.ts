/**
 * The version of a site's device state as the dashboards see it (`DeviceState.version`): every
 * change of a column they show moves it forward, whoever writes it, in the order the writes take
 * the row's lock. A dashboard keeps the newest state it was sent, so one published late (a
 * heartbeat's or a disconnect's read, another replica's) never paints over a newer write. It is at
 * least the clock's milliseconds, so a database restored from a backup does not go back in it.
 */
export const KORT_SITE_STATE_VERSION = `
  CREATE OR REPLACE FUNCTION kort_site_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.state_version := greatest(OLD.state_version + 1, floor(extract(epoch from clock_timestamp()) * 1000)::bigint);
    RETURN NEW;
  END $$`;
