import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Title, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import { uploadBundle } from './release-api';

/**
 * A new agent version: the bundle `npm run agent:release` made, sent as it is. The API checks its
 * signature and manifest; its refusal stays on the page in its words, a release taken opens its page.
 */
export function ReleaseCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSending(true);
    setFailure(null);
    try {
      const release = await uploadBundle(file);
      notify('kort.releases.uploaded', { type: 'success', messageArgs: { version: release.version } });
      // The list read before shows the new version too.
      refresh();
      redirect('show', 'agent-releases', release.id);
    } catch (error) {
      setFailure(messageOf(error));
      setSending(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('kort.releases.new')} />
      <CardContent component="form" onSubmit={(event) => void submit(event)}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography component="label" htmlFor="agent-bundle" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate('kort.releases.file')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={sending}>
              {translate('kort.releases.choose')}
              <input
                id="agent-bundle"
                type="file"
                accept=".tar.gz,.tgz,application/gzip"
                hidden
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFailure(null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {file?.name ?? translate('kort.releases.no_file')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('kort.releases.file_hint')}
          </Typography>
          {sending && (
            <Box sx={{ width: '100%' }}>
              <LinearProgress aria-label={translate('kort.releases.uploading')} />
              <Typography variant="caption">{translate('kort.releases.uploading')}</Typography>
            </Box>
          )}
          {failure && (
            <Alert severity="error" sx={{ width: '100%', boxSizing: 'border-box' }}>
              {failure}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={!file || sending}>
            {translate('kort.releases.upload')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
