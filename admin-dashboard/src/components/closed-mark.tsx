import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A closed stretch of time, told apart from a game at a glance: hatched in the warning colour with
 * a dashed edge, on the day of the courts and on the closures' calendar. The text stays dark on it.
 */
export function ClosedMark({ children, detail }: { children: ReactNode; detail?: ReactNode }) {
  return (
    <Box
      sx={{
        px: 1,
        py: 0.5,
        borderRadius: 1,
        border: '1px dashed',
        borderColor: 'warning.main',
        bgcolor: '#fff7ed',
        backgroundImage: 'repeating-linear-gradient(135deg, rgba(180, 83, 9, 0.10) 0 6px, transparent 6px 12px)',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, color: '#7c2d12' }}>
        {children}
      </Typography>
      {detail && (
        <Typography variant="caption" component="div" sx={{ color: '#7c2d12' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
