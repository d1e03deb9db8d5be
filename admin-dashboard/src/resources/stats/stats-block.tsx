import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import { downloadCsv, type Report } from './stats-api';
import type { Period } from './stats-period';

interface StatsBlockProps {
  report: Report;
  period: Period;
  title: string;
  /** The query's state: loading until the answer, the server's Russian reason on failure. */
  loading: boolean;
  error: unknown;
  retry: () => void;
  /** The period's totals, above both views: a sentence, or figures of their own. */
  summary?: ReactNode;
  chart: () => ReactNode;
  table: () => ReactNode;
}

/**
 * One block of the page: its title, «График» or «Таблица» (the same numbers as a real table, one tap
 * away, for screen readers and anyone who wants the figures), «Скачать CSV», and its loading and
 * error states.
 */
export function StatsBlock({ report, period, title, loading, error, retry, summary, chart, table }: StatsBlockProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [saving, setSaving] = useState(false);
  const headingId = `stats-${report}-title`;

  const save = () => {
    setSaving(true);
    downloadCsv(report, period)
      .catch((failure: unknown) => notify(messageOf(failure), { type: 'warning' }))
      .finally(() => setSaving(false));
  };

  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
            aria-label={translate('kort.stats.view')}
          >
            <ToggleButton value="chart">{translate('kort.stats.chart')}</ToggleButton>
            <ToggleButton value="table">{translate('kort.stats.table')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={save}
            disabled={saving || loading || Boolean(error)}
          >
            {translate('kort.stats.csv')}
          </Button>
        </Stack>
        {error ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {translate('kort.errors.retry')}
              </Button>
            }
          >
            {translate('kort.errors.load_failed')}: {messageOf(error)}
          </Alert>
        ) : loading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 4 }} role="status">
            <CircularProgress size={20} aria-hidden="true" />
            <Typography color="text.secondary">{translate('kort.stats.loading')}</Typography>
          </Stack>
        ) : (
          <>
            {typeof summary === 'string' ? (
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {summary}
              </Typography>
            ) : (
              summary && <Box sx={{ mb: 1 }}>{summary}</Box>
            )}
            {view === 'chart' ? chart() : table()}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const tableLook = {
  overflowX: 'auto',
  '& table': { borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' },
  '& caption': { captionSide: 'top', textAlign: 'left', color: 'text.secondary', pb: 1 },
  '& th, & td': { borderBottom: 1, borderColor: 'divider', px: 1, py: 0.5, whiteSpace: 'nowrap' },
  '& td, & thead th': { textAlign: 'right' },
  '& thead th:first-of-type, & tbody th': { textAlign: 'left' },
  '& td': { fontVariantNumeric: 'tabular-nums' },
} as const;

/** A table of figures, scrolling sideways on a phone rather than squeezing its columns. */
export function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Stack sx={tableLook} tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}
