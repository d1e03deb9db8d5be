import type { AdminAgentRelease, AdminAgentSite } from '@kort/contracts';
import {
  Box,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { SiteStateChip } from './release-labels';

const when = (site: AdminAgentSite) => (site.updated_at ? formatClubDateTime(site.updated_at) : '—');

/** A green dot for an agent on the line now, a grey one otherwise; named for a screen reader. */
function OnlineDot({ online }: { online: boolean }) {
  const translate = useTranslate();
  const name = translate(online ? 'kort.releases.online' : 'kort.releases.offline');
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      title={name}
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: online ? 'success.main' : 'grey.400',
      }}
    />
  );
}

function SiteName({ site }: { site: AdminAgentSite }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <OnlineDot online={site.online} />
      <span>{site.site_name}</span>
    </Box>
  );
}

/**
 * Every site's agent as the release's rollout sees it: what it runs, what it should, its state and,
 * for a refusal or a rollback, the reason in full. A table on a wide screen, a list on a phone.
 */
export function ReleaseSites() {
  const translate = useTranslate();
  const release = useRecordContext<AdminAgentRelease>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const sites = release?.sites ?? [];
  if (sites.length === 0) return <Typography color="text.secondary">{translate('kort.releases.no_sites')}</Typography>;
  const field = (name: string) => translate(`resources.agent-releases.fields.${name}`);

  if (small)
    return (
      <List disablePadding aria-label={translate('kort.releases.sites')}>
        {sites.map((site) => (
          <ListItem key={site.site_id} divider disableGutters sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography component="span" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                <SiteName site={site} />
              </Typography>
              <SiteStateChip state={site.state} offered={site.target !== null} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {`${field('version')}: ${site.version ?? '—'} → ${site.target ?? '—'} · ${when(site)}`}
            </Typography>
            {site.reason && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {site.reason}
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
    );

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('kort.releases.sites')}>
        <TableHead>
          <TableRow>
            {['site_name', 'version', 'target', 'state', 'reason', 'updated_at'].map((name) => (
              <TableCell key={name}>{field(name)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((site) => (
            <TableRow key={site.site_id}>
              <TableCell>
                <SiteName site={site} />
              </TableCell>
              <TableCell>{site.version ?? '—'}</TableCell>
              <TableCell>{site.target ?? '—'}</TableCell>
              <TableCell>
                <SiteStateChip state={site.state} offered={site.target !== null} />
              </TableCell>
              <TableCell sx={{ minWidth: 220, color: site.reason ? 'error.main' : undefined }}>
                {site.reason ?? '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(site)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
