import { alpha, createTheme } from '@mui/material/styles';

/**
 * The one theme of the back-office: colours and typography (part 1 §9),
 * after the MUI dashboard template. Every colour used on text passes WCAG AA
 * on its background (axe runs on every page in the e2e tests).
 */
const brand = {
  50: '#fbf2f5',
  100: '#f4dde6',
  200: '#e6b7c8',
  300: '#d48aa6',
  400: '#b85d80',
  500: '#9a3f63',
  600: '#7b2d4b',
  700: '#62223b',
  800: '#4a192c',
  900: '#33101e',
};

const gray = {
  50: '#f9f8f7',
  100: '#f2f0ee',
  200: '#e4e0dc',
  300: '#cbc5bf',
  400: '#a39b94',
  500: '#776f68',
  600: '#5b544e',
  700: '#433e39',
  800: '#2b2724',
  900: '#1a1715',
};

export const DRAWER_WIDTH = 240;
export const CONTENT_MAX_WIDTH = 1700;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { light: brand[400], main: brand[600], dark: brand[800], contrastText: '#ffffff' },
    secondary: { light: '#d9b867', main: '#8a6412', dark: '#5c420a', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    warning: { main: '#a84b00', light: '#fbe3c9', dark: '#6e3100', contrastText: '#ffffff' },
    info: { main: '#0b61a4', contrastText: '#ffffff' },
    success: { main: '#1e6b34', contrastText: '#ffffff' },
    grey: gray,
    divider: alpha(gray[400], 0.4),
    background: { default: gray[50], paper: '#ffffff' },
    text: { primary: gray[900], secondary: gray[600] },
    action: { selected: alpha(brand[600], 0.1), hover: alpha(gray[500], 0.08) },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
    // Slightly smaller on phones, where a long title would take three lines.
    h1: { fontSize: '2rem', fontWeight: 600, lineHeight: 1.25, letterSpacing: '-0.01em', '@media (max-width:599.95px)': { fontSize: '1.75rem' } },
    h2: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '0.9375rem', fontWeight: 600 },
    subtitle1: { fontSize: '1rem', fontWeight: 500 },
    subtitle2: { fontSize: '0.875rem', fontWeight: 500 },
    body1: { fontSize: '0.9375rem' },
    body2: { fontSize: '0.875rem' },
    caption: { fontSize: '0.75rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: t.shape.borderRadius,
          '&.Mui-selected': { color: brand[700] },
        }),
      },
    },
  },
});
