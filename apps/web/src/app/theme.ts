/**
 * The Platewise theme: herb greens with a warm carrot accent, on warm
 * neutrals. MUI colour schemes with CSS variables, so switching light, dark
 * and system needs no re-render of styles; the chosen mode is kept in
 * localStorage under THEME_MODE_STORAGE_KEY.
 */
import { alpha, createTheme, responsiveFontSizes } from '@mui/material/styles';
// Types `theme.vars` as always present: the theme uses CSS variables.
import type {} from '@mui/material/themeCssVarsAugmentation';

export const THEME_MODE_STORAGE_KEY = 'platewise-theme-mode';
export const THEME_SCHEME_STORAGE_KEY = 'platewise-color-scheme';
/** The attribute MUI sets on <html>; boot.css paints the background by it. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';

const fontFamily = [
  '"Inter Variable"',
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(',');

export const brand = {
  forest: '#1f5135',
  herb: '#2f6f4a',
  sage: '#7cc495',
  carrot: '#c05621',
  apricot: '#f0a46a',
  cream: '#f7f6f1',
  night: '#0f1411',
} as const;

export const theme = responsiveFontSizes(
  createTheme({
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
    colorSchemes: {
      light: {
        palette: {
          primary: {
            main: brand.herb,
            dark: brand.forest,
            light: '#5b9a72',
            contrastText: '#ffffff',
          },
          secondary: {
            main: brand.carrot,
            dark: '#9a4318',
            light: '#e07a43',
            contrastText: '#ffffff',
          },
          success: { main: '#2e7d4f' },
          background: { default: brand.cream, paper: '#ffffff' },
          text: { primary: '#1b241f', secondary: '#4a5750' },
          divider: 'rgba(27, 36, 31, 0.12)',
        },
      },
      dark: {
        palette: {
          primary: {
            main: brand.sage,
            dark: '#5ba877',
            light: '#a5dcb7',
            contrastText: '#0b1a11',
          },
          secondary: {
            main: brand.apricot,
            dark: '#e08a4c',
            light: '#f6c39b',
            contrastText: '#2a1405',
          },
          success: { main: '#7cc495' },
          background: { default: brand.night, paper: '#161e19' },
          text: { primary: '#e9f0ea', secondary: '#a9b8ae' },
          divider: 'rgba(233, 240, 234, 0.12)',
        },
      },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.025em', lineHeight: 1.08 },
      h2: { fontWeight: 800, letterSpacing: '-0.02em', lineHeight: 1.15 },
      h3: { fontWeight: 700, letterSpacing: '-0.015em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      overline: { fontWeight: 700, letterSpacing: '0.12em' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 999 },
          sizeLarge: { paddingInline: 24 },
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // Dark surfaces keep their own colour instead of MUI's grey elevation tint.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 20 } } },
      MuiAccordion: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            borderRadius: 14,
            border: `1px solid ${t.vars.palette.divider}`,
            backgroundImage: 'none',
            '&::before': { display: 'none' },
            '&.Mui-expanded': { margin: 0 },
          }),
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            borderRadius: 10,
            '&.Mui-selected': {
              backgroundColor: alpha(brand.herb, 0.14),
              color: t.vars.palette.primary.main,
              ...t.applyStyles('dark', {
                backgroundColor: alpha(brand.sage, 0.16),
              }),
            },
          }),
        },
      },
    },
  }),
);
