import { formatRoubles, priceRuleFor, type PriceRule, weekdaysShortIso } from '@kort/contracts';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { hourText } from '../../lib/club-format';
import { useClubHours } from '../../lib/use-club-hours';
import { useCourts } from '../../lib/use-courts';

/**
 * The week as players will pay for it: each hour the club is open, each weekday, on the court
 * chosen above it, for a player who is not a sport school. A gap (a free hour between priced ones)
 * is seen here, not discovered by a player.
 */
export function PriceWeekGrid({ rules, caption }: { rules: readonly PriceRule[]; caption: string }) {
  const translate = useTranslate();
  const { courts } = useCourts();
  const { opening, closing } = useClubHours();
  const active = (courts ?? []).filter((court) => court.active);
  const [chosen, setChosen] = useState<number | null>(null);
  const courtId = chosen ?? active[0]?.id ?? null;
  if (courtId === null) return null;
  const hours = Array.from({ length: closing - opening }, (_, index) => opening + index);
  const price = (weekday: number, hour: number) =>
    priceRuleFor(rules, { courtId, weekday, hour, sportSchool: false })?.kopecks ?? null;
  return (
    <Box component="section" aria-label={caption} sx={{ maxWidth: 860, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, px: { xs: 1, md: 0 } }}>
        {caption}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 1, md: 0 } }}>
        {translate('kort.prices.grid_legend')}
      </Typography>
      {active.length > 1 && (
        <Tabs
          value={courtId}
          onChange={(_, id: number) => setChosen(id)}
          variant="scrollable"
          aria-label={translate('kort.prices.grid_court')}
        >
          {active.map((court) => (
            <Tab key={court.id} value={court.id} label={court.name} sx={{ minHeight: 44 }} />
          ))}
        </Tabs>
      )}
      {/* Scrolled by keyboard too (axe: scrollable-region-focusable). */}
      {/* A width of its own on a phone: the table scrolls inside it instead of widening the page. */}
      <Box
        tabIndex={0}
        sx={{
          overflow: 'auto',
          maxHeight: 480,
          width: { xs: 'calc(100vw - 32px)', md: '100%' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
          <caption style={{ position: 'absolute', left: -10000 }}>{caption}</caption>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ p: 1, textAlign: 'left' }}>
                {translate('kort.prices.grid_hour')}
              </Box>
              {weekdaysShortIso.map((day) => (
                <Box component="th" scope="col" key={day} sx={{ p: 1, textAlign: 'right' }}>
                  {day}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <Box component="th" scope="row" sx={{ p: 1, textAlign: 'left', fontWeight: 400 }}>
                  {hourText(hour)}
                </Box>
                {weekdaysShortIso.map((day, index) => {
                  const kopecks = price(index + 1, hour);
                  return (
                    <Box
                      component="td"
                      key={day}
                      sx={{
                        p: 1,
                        textAlign: 'right',
                        whiteSpace: 'nowrap',
                        borderTop: 1,
                        borderColor: 'divider',
                        color: kopecks === null ? 'text.secondary' : 'text.primary',
                        bgcolor: kopecks === null ? 'action.hover' : undefined,
                      }}
                    >
                      {kopecks === null ? <Free label={translate('kort.prices.free')} /> : formatRoubles(kopecks)}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

/** Read by a screen reader, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** A free hour: a dash to the eye (the grid stays narrow on a phone), the word to a screen reader. */
function Free({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </>
  );
}
