import { CircularProgress, createTheme, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { theme } from '../src/providers/theme';

// The dashboard's theme: what every page gets without asking.

test('a spinner says what it is to a screen reader (axe: aria-progressbar-name)', () => {
  render(
    <ThemeProvider theme={createTheme(theme)}>
      <CircularProgress />
    </ThemeProvider>,
  );
  expect(screen.getByRole('progressbar', { name: 'Загрузка…' })).toBeTruthy();
});
