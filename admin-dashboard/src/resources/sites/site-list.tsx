import type { AdminSite } from '@kort/contracts';
import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import { formatAgo, useServerNow } from '../../lib/club-time';
import { AgentTokenButton } from './agent-token-button';
import { ListEmpty } from '../../components/list-empty';

/** Whether the site's agent is connected now, and when it was last heard otherwise. */
function OnlineChip({ site }: { site: AdminSite }) {
  const translate = useTranslate();
  const now = useServerNow(30_000);
  if (site.online) return <Chip size="small" color="success" label={translate('kort.sites.online')} />;
  const label = site.last_seen_at
    ? translate('kort.sites.offline_since', { time: formatAgo(site.last_seen_at, now) })
    : translate(site.has_agent_token ? 'kort.sites.never_seen' : 'kort.sites.no_token');
  return <Chip size="small" color={site.has_agent_token ? 'warning' : 'default'} variant="outlined" label={label} />;
}

function Actions() {
  const { permissions } = usePermissions<string>();
  return <TopToolbar>{permissions === 'owner' && <CreateButton />}</TopToolbar>;
}

/** The install's sites with their agents' state; an owner opens one to edit it or issue its token. */
export function SiteList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List<AdminSite>
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      actions={<Actions />}
      error={<ListLoadError />}
      exporter={false}
      empty={false}
    >
      {small ? (
        <SimpleList<AdminSite>
          empty={<ListEmpty />}
          primaryText={(site) => site.name}
          secondaryText={(site) =>
            translate('kort.sites.id_and_zone', { id: site.id, zone: site.timezone }) +
            (site.agent_version ? ` · ${translate('kort.sites.agent_version', { version: site.agent_version })}` : '')
          }
          tertiaryText={(site) => <OnlineChip site={site} />}
          linkType="edit"
        />
      ) : (
        <DataTable<AdminSite> empty={<ListEmpty />} rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col<AdminSite> source="name" />
          <DataTable.Col<AdminSite> source="id" />
          <DataTable.Col<AdminSite> source="timezone" />
          <DataTable.Col<AdminSite> source="address" disableSort />
          <DataTable.Col<AdminSite> source="online" render={(site) => <OnlineChip site={site} />} />
          <DataTable.Col<AdminSite> source="agent_version" disableSort render={(site) => site.agent_version ?? '—'} />
          <DataTable.Col<AdminSite> label=" ">
            <AgentTokenButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
