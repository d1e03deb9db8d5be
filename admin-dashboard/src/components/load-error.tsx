import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A list that could not be loaded: the server's Russian reason and a retry, in place of the rows
 * (react-admin's toast says it too, but disappears).
 */
export function ListLoadError() {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="warning"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('kort.errors.retry')}
        </Button>
      }
    >
      {translate('kort.errors.load_failed')}
      {error?.message ? `: ${error.message}` : ''}
    </Alert>
  );
}
