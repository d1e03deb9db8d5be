import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's light theme in the club's green (the player app's accent), warnings readable. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#0f5132' },
    secondary: { main: '#14532d' },
    // Material's default amber fails WCAG contrast with white text and as text on white (axe).
    warning: { main: '#b45309', contrastText: '#ffffff' },
    // Material's default light blue fails it too; blue tells an occupied shelf from a free (green) one.
    info: { main: '#1d4ed8', contrastText: '#ffffff' },
    // Material's default red fails it on the grey of a form's toolbar and of a filled input (a
    // court's delete button, an invalid setting's label).
    error: { main: '#b91c1c', contrastText: '#ffffff' },
  },
  components: {
    ...defaultLightTheme.components,
    // Every button reads in sentence case, as written («Заблокировать», not «ЗАБЛОКИРОВАТЬ»).
    MuiButton: {
      ...defaultLightTheme.components?.MuiButton,
      styleOverrides: {
        ...defaultLightTheme.components?.MuiButton?.styleOverrides,
        root: { textTransform: 'none' },
      },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
};
