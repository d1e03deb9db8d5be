import { ROLES, type AdminSite, type Role } from '@kort/contracts';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, usePermissions, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { UserRecord } from '../../lib/records';

const ALL_SITES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/**
 * An owner's block on a user's profile: the role (Игрок / Администратор / Владелец) and, for an
 * admin, the sites they run. Site admins do not see it (the API refuses them anyway).
 */
export function UserRoleBlock() {
  const { permissions } = usePermissions<string>();
  const user = useRecordContext<UserRecord>();
  if (permissions !== 'owner' || !user) return null;
  // Edited from the record's own values; a saved change comes back as a new record.
  return <RoleForm key={`${user.role}|${(user.site_ids ?? []).join(',')}`} user={user} />;
}

function RoleForm({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [role, setRole] = useState<Role>(user.role);
  const [siteIds, setSiteIds] = useState<string[]>(user.site_ids ?? []);
  const { data: sites } = useGetList<AdminSite & { id: string }>('sites', ALL_SITES);
  const [update, { isPending }] = useUpdate<UserRecord>();
  const noSites = role === 'admin' && siteIds.length === 0;
  const changed = role !== user.role || (role === 'admin' && siteIds.join(',') !== (user.site_ids ?? []).join(','));

  const save = () =>
    void update(
      'users',
      { id: user.id, data: { role, ...(role === 'admin' ? { site_ids: siteIds } : {}) }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('kort.roles.saved', { type: 'info' }),
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      },
    );

  return (
    <Box component="section" aria-labelledby="user-role-title" sx={{ maxWidth: 480 }}>
      <Typography id="user-role-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('kort.roles.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('kort.roles.role')}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        sx={{ minWidth: 220 }}
      >
        {ROLES.map((one) => (
          <MenuItem key={one} value={one}>
            {translate(`kort.roles.${one}`)}
          </MenuItem>
        ))}
      </TextField>
      {role === 'owner' && <FormHelperText>{translate('kort.roles.owner_hint')}</FormHelperText>}
      {role === 'admin' && (
        <FormControl component="fieldset" error={noSites} sx={{ display: 'block', mt: 2 }}>
          <FormLabel component="legend">{translate('kort.roles.sites')}</FormLabel>
          <FormGroup>
            {(sites ?? []).map((site) => (
              <FormControlLabel
                key={site.id}
                label={site.name}
                control={
                  <Checkbox
                    checked={siteIds.includes(site.id)}
                    onChange={(event) =>
                      setSiteIds((ids) =>
                        event.target.checked ? [...ids, site.id] : ids.filter((id) => id !== site.id),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormHelperText>{translate(noSites ? 'kort.roles.no_sites' : 'kort.roles.sites_hint')}</FormHelperText>
        </FormControl>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} disabled={!changed || noSites || isPending} onClick={save}>
        {translate('kort.roles.save')}
      </Button>
    </Box>
  );
}
