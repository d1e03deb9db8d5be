import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * A phone's screen (below Material UI's `sm`, 600 px): what a finger presses there is at least
 * 44 px tall (Apple's and WCAG 2.5.5's target), however small a button is drawn on a desktop.
 */
const PHONE = '@media (max-width:599.95px)';
const FINGER = 44;
const fingerSized = { [PHONE]: { minHeight: FINGER } };
/** Material UI's secondary text: readable on white and on a form's grey. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
const fingerSquare = { [PHONE]: { minHeight: FINGER, minWidth: FINGER } };

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
    // A spinner says what it is to a screen reader (axe's aria-progressbar-name): every list and
    // page loading in react-admin draws one.
    MuiCircularProgress: {
      defaultProps: { 'aria-label': 'Загрузка…' },
    },
    MuiLinearProgress: {
      defaultProps: { 'aria-label': 'Загрузка…' },
    },
    // Every button reads in sentence case, as written («Заблокировать», not «ЗАБЛОКИРОВАТЬ»).
    MuiButton: {
      ...defaultLightTheme.components?.MuiButton,
      styleOverrides: {
        ...defaultLightTheme.components?.MuiButton?.styleOverrides,
        root: { textTransform: 'none', ...fingerSized },
      },
    },
    MuiIconButton: { styleOverrides: { root: fingerSquare } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none', ...fingerSized } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', ...fingerSized } } },
    MuiPaginationItem: { styleOverrides: { root: fingerSquare } },
    MuiListItemButton: { styleOverrides: { root: fingerSized } },
    // A menu item (the side menu, a select's choices, the user menu) is 44 px on every screen:
    // Material UI draws it 36 px from `sm` up.
    MuiMenuItem: {
      styleOverrides: { root: { minHeight: FINGER, '@media (min-width:600px)': { minHeight: FINGER } } },
    },
    // A select or a small field on a phone: its box is what the finger presses.
    MuiInputBase: { styleOverrides: { root: fingerSized } },
    // A locked field's hint says why it is locked («Не меняется: …»): it stays readable (axe).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: SECONDARY_TEXT } } } },
    // react-admin's «Пока нет …» of an empty list is drawn half transparent, below WCAG contrast.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: SECONDARY_TEXT } } } },
  },
};
