import type { AdminSite } from '@kort/contracts';
import { MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { currentClubZone, setClubZone } from '../lib/club-time';
import { chooseSite, useChosenSiteId, type SiteChoice } from '../providers/site-choice';

/** An owner of hundreds of sites still gets them in one answer (the API's largest page). */
const ALL_SITES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/**
 * The site the dashboard works on, switched for everything at once. The answers kept for the old
 * site are dropped (the site list and the session's own kept), and the pages are mounted again for
 * the new one (layout.tsx), so no list, counter or live panel shows the old site's data meanwhile.
 */
export function useSwitchSite(): (site: SiteChoice | null) => void {
  const client = useQueryClient();
  return useCallback(
    (site) => {
      chooseSite(site);
      if (site && site.timezone !== currentClubZone()) setClubZone(site.timezone);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'sites' && query.queryKey[0] !== 'auth' });
    },
    [client],
  );
}

/** On the app bar's green: white text, a light outline. */
const ON_APP_BAR = {
  minWidth: 200,
  maxWidth: 320,
  mx: 1,
  '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgb(255 255 255 / 12%)' },
  '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'inherit' },
  '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgb(255 255 255 / 60%)' },
  '& .MuiSelect-icon': { color: 'inherit' },
};
/** Heading the page on a phone: the screen's width, under the app bar. */
const ON_PAGE = { mt: 2, mb: 1, mx: 0 };

/**
 * «Площадка» for an admin who runs more than one site (an owner runs them all): the chosen one,
 * remembered in this browser; in the app bar, or heading the page on a phone (layout.tsx), where
 * the app bar is the title's. A remembered site the admin no longer runs is forgotten.
 */
export function SiteSwitcher({ place }: { place: 'app-bar' | 'page' }) {
  const translate = useTranslate();
  const chosen = useChosenSiteId();
  const switchSite = useSwitchSite();
  const { data: sites } = useGetList<AdminSite & { id: string }>('sites', ALL_SITES);
  const current = sites?.find((site) => site.id === chosen) ?? sites?.[0];

  useEffect(() => {
    if (!sites || !current) return;
    // A remembered site that is no longer theirs: back to their first, which the API acts on.
    if (chosen !== null && chosen !== current.id) switchSite(null);
    // Nothing chosen, and their first site's clock is not the one read at start (the account's own
    // site's): the pages are shown again on the right clock.
    else if (current.timezone !== currentClubZone()) switchSite({ id: current.id, timezone: current.timezone });
  }, [sites, current, chosen, switchSite]);

  if (!sites || sites.length < 2 || !current) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('kort.sites.switcher')}
      value={current.id}
      onChange={(event) => {
        const site = sites.find((one) => one.id === event.target.value);
        if (site) switchSite({ id: site.id, timezone: site.timezone });
      }}
      fullWidth={place === 'page'}
      sx={place === 'page' ? ON_PAGE : ON_APP_BAR}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
    >
      {sites.map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
