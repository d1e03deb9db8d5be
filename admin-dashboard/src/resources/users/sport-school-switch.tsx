import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useNotify, usePermissions, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { UserRecord } from '../../lib/records';

/**
 * The sport-school flag (no limit on the number of games): saved on toggle. It lifts the quotas at
 * every site, so only an owner changes it; a site's admin sees it, switched off for them.
 */
export function SportSchoolSwitch() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  const owner = permissions === 'owner';
  const user = useRecordContext<UserRecord>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<UserRecord>();
  if (!user) return null;
  return (
    <Stack>
      <FormControlLabel
        label={translate('resources.users.fields.is_sport_school')}
        control={
          <Switch
            checked={user.is_sport_school}
            disabled={isPending || !owner}
            onChange={(event) =>
              void update(
                'users',
                { id: user.id, data: { is_sport_school: event.target.checked }, previousData: user },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: (saved) =>
                    notify(saved.is_sport_school ? 'kort.notices.sport_school_on' : 'kort.notices.sport_school_off', {
                      type: 'info',
                      messageArgs: { name: user.name },
                    }),
                  onError: (error) => notify(messageOf(error), { type: 'error' }),
                },
              )
            }
          />
        }
      />
      <Typography variant="caption" color="text.secondary">
        {translate(owner ? 'kort.users.sport_school_hint' : 'kort.users.sport_school_owners_hint')}
      </Typography>
    </Stack>
  );
}
