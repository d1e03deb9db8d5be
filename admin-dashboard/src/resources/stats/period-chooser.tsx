import {
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { monthsNominative } from '@kort/contracts';
import { useTranslate } from 'react-admin';
import { DateTextField } from '../../components/club-date-input';
import { formatDay } from './stats-format';
import { periodProblem, type Period, type PeriodKind } from './stats-period';

export interface PeriodChoice {
  kind: PeriodKind;
  /** 'YYYY-MM' for «Месяц». */
  month: string;
  /** The typed range for «Свой период». */
  custom: Period;
}

const kinds: PeriodKind[] = ['week', 'four_weeks', 'month', 'custom'];

/** How many months back «Месяц» offers, the chosen one's included. */
const MONTHS_OFFERED = 24;

/** 'YYYY-MM' → «Ноябрь 2026». */
export const monthText = (month: string): string => {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return `${monthsNominative[number - 1]} ${year}`;
};

/** The months «Месяц» offers: the chosen one and the MONTHS_OFFERED - 1 before it, newest first. */
export function monthChoices(chosen: string): string[] {
  const [year = 0, number = 1] = chosen.split('-').map(Number);
  return Array.from({ length: MONTHS_OFFERED }, (_, back) => {
    const index = year * 12 + (number - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * This week, the last 4 weeks, a month or a range of the admin's own, in the club's days. A typed
 * range that the API would refuse (reversed, over 366 days) is said here, before any call.
 */
export function PeriodChooser({
  choice,
  onChange,
  period,
}: {
  choice: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  /** The period asked for, null while the typed range cannot be. */
  period: Period | null;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`kort.stats.period.${key}`, options);
  const problem = choice.kind === 'custom' ? periodProblem(choice.custom) : null;
  // On a phone the four choices stand one under another, full width, rather than wrap unevenly.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {t('label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={choice.kind}
        onChange={(_, kind: PeriodKind | null) => kind && onChange({ ...choice, kind })}
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
      >
        {kinds.map((kind) => (
          <ToggleButton key={kind} value={kind}>
            {t(kind)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {choice.kind === 'month' && (
        // A list of months in Russian rather than the browser's month field, which writes
        // «November 2026» in an English browser (docs/decisions/0099-one-format-per-kind.md).
        <TextField
          select
          size="small"
          label={t('month_input')}
          value={choice.month}
          onChange={(event) => event.target.value && onChange({ ...choice, month: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 220 }}
        >
          {monthChoices(choice.month).map((month) => (
            <MenuItem key={month} value={month}>
              {monthText(month)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {choice.kind === 'custom' && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {(['from', 'to'] as const).map((end) => (
            <DateTextField
              key={end}
              size="small"
              label={t(end)}
              value={choice.custom[end]}
              onDate={(date) => onChange({ ...choice, custom: { ...choice.custom, [end]: date } })}
              slotProps={{ inputLabel: { shrink: true } }}
              error={problem === 'reversed' || problem === 'too_long'}
            />
          ))}
        </Stack>
      )}
      <Typography role="status" color={problem ? 'error' : 'text.secondary'}>
        {problem
          ? t(`problem_${problem}`)
          : period && t('shown', { from: formatDay(period.from), to: formatDay(period.to) })}
      </Typography>
    </Stack>
  );
}
