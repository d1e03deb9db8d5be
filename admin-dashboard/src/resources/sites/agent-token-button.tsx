import type { AdminSite, AgentTokenAnswer } from '@kort/contracts';
import KeyIcon from '@mui/icons-material/Key';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient, messageOf } from '../../providers/http-client';
import { AgentTokenDialog } from './agent-token-dialog';

/** POST /api/admin/sites/{id}/agent-token: the site's new token; the old one stops working. */
async function issueToken(siteId: string): Promise<string> {
  const { json } = await httpClient(`/api/admin/sites/${encodeURIComponent(siteId)}/agent-token`, { method: 'POST' });
  return (json as AgentTokenAnswer).token;
}

/**
 * «Новый токен агента» (owners): after a confirmation when the site has one already (its agent is
 * cut off until the new one is put in), the new token in a dialog, shown this once.
 */
export function AgentTokenButton() {
  const translate = useTranslate();
  const site = useRecordContext<AdminSite>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  if (!site) return null;

  const issue = async () => {
    setPending(true);
    try {
      setToken(await issueToken(site.id));
      // The list and the page now say the site has a token.
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        label="kort.sites.new_token"
        disabled={pending}
        onClick={(event) => {
          // Inside a clickable row: the row must not open the site.
          event.stopPropagation();
          if (site.has_agent_token) setAsking(true);
          else void issue();
        }}
      >
        <KeyIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={pending}
        title="kort.sites.new_token_title"
        content={translate('kort.sites.new_token_replaces', { name: site.name })}
        confirm="kort.sites.new_token"
        confirmColor="warning"
        onConfirm={() => void issue()}
        onClose={() => setAsking(false)}
      />
      <AgentTokenDialog site={site} token={token} onClose={() => setToken(null)} />
    </>
  );
}
