import type { AdminSite } from '@kort/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Where the agent on the site's computer reads its site and its token (edge-agent/README.md). */
export const AGENT_CONFIG_FILE = '/etc/kort-agent/config.json';
export const AGENT_ENV_FILE = '/etc/kort-agent/env';

/** A line to copy as it is: monospace, wrapping anywhere, with its own copy button. */
function CopyLine({ text, label }: { text: string; label: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('kort.sites.copied', { type: 'info' });
    } catch {
      notify('kort.sites.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
      <Box
        component="code"
        sx={{
          flex: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: 'grey.100',
          fontFamily: 'monospace',
          fontSize: '0.95rem',
          overflowWrap: 'anywhere',
          userSelect: 'all',
        }}
      >
        {text}
      </Box>
      <Tooltip title={translate('kort.sites.copy')}>
        <IconButton aria-label={label} onClick={() => void copy()}>
          <ContentCopyIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/**
 * The site's new agent token, shown this once (the API keeps only its hash), with how to put it in:
 * the site's id in the agent's config file, the token in its environment file.
 */
export function AgentTokenDialog({
  site,
  token,
  onClose,
}: {
  site: Pick<AdminSite, 'id' | 'name'>;
  token: string | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={token !== null} onClose={onClose} aria-labelledby="agent-token-title" maxWidth="sm" fullWidth>
      <DialogTitle id="agent-token-title">{translate('kort.sites.token_title', { name: site.name })}</DialogTitle>
      {token !== null && (
        <DialogContent>
          <Typography sx={{ fontWeight: 600 }}>{translate('kort.sites.token_once')}</Typography>
          <CopyLine text={token} label={translate('kort.sites.copy_token')} />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {translate('kort.sites.how_title')}
          </Typography>
          <Typography variant="body2">{translate('kort.sites.how_site', { file: AGENT_CONFIG_FILE })}</Typography>
          <CopyLine text={`"siteId": "${site.id}"`} label={translate('kort.sites.copy_site_line')} />
          <Typography variant="body2">{translate('kort.sites.how_token', { file: AGENT_ENV_FILE })}</Typography>
          <CopyLine text={`EDGE_AGENT_TOKEN=${token}`} label={translate('kort.sites.copy_env_line')} />
          <Typography variant="body2" color="text.secondary">
            {translate('kort.sites.how_restart')}
          </Typography>
        </DialogContent>
      )}
      <DialogActions>
        <MuiButton variant="contained" onClick={onClose}>
          {translate('kort.sites.token_done')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
