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
  // 5.2:1 on cream, 5.6:1 under white text (WCAG AA); the earlier #c05621
  // gave the orange section labels 4.2:1 on cream (issue 11).
  carrot: '#ad4a1a',
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
          // MUI picks white or dark text for each coloured surface (error,
          // warning, info buttons…): ask for the 4.5:1 of WCAG AA, not
          // its default 3:1, so white on orange or red is never chosen
          // where it fails.
          contrastThreshold: 4.5,
          primary: {
            main: brand.herb,
            dark: brand.forest,
            light: '#5b9a72',
            contrastText: '#ffffff',
          },
          secondary: {
            main: brand.carrot,
            dark: '#8c3c15',
            light: '#e07a43',
            contrastText: '#ffffff',
          },
          // MUI's #ed6c02 is 3.1:1 on white: the audit log's denied chips
          // and the schedule's 'no meals' hint need 4.5:1 (issue 21).
          warning: { main: '#9a4d00' },
          success: { main: '#2e7d4f' },
          background: { default: brand.cream, paper: '#ffffff' },
          text: { primary: '#1b241f', secondary: '#4a5750' },
          divider: 'rgba(27, 36, 31, 0.12)',
        },
      },
      dark: {
        palette: {
          // As in light: the white 'Delete Account' on MUI's dark red
          // (#f44336) was 3.7:1; with 4.5 it gets dark text, 5.7:1.
          contrastThreshold: 4.5,
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
      // Links inside text are underlined (WCAG 1.4.1: not by colour alone);
      // navigation and logo links opt out with underline="none".
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiCssBaseline: {
        styleOverrides: {
          // One visible focus ring for every button, link and control
          // reached by keyboard (WCAG 2.4.7), in both schemes. Dark
          // surfaces in a light page (the landing hero, the footer) set
          // --pw-focus-ring to a light colour.
          ':root': {
            '--pw-focus-ring-page': brand.forest,
            '--pw-focus-ring': 'var(--pw-focus-ring-page)',
          },
          [`:root[${COLOR_SCHEME_ATTRIBUTE}="dark"]`]: {
            '--pw-focus-ring-page': '#a5dcb7',
          },
          'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible, .Mui-focusVisible':
            {
              outline: '3px solid var(--pw-focus-ring)',
              outlineOffset: 2,
            },
          // Fields show their own focused border; the ring would double it.
          'input:focus-visible, textarea:focus-visible, select:focus-visible': {
            outline: 'none',
          },
          // The main landmark and headings take focus from the skip link and
          // after navigation (tabIndex -1); a ring around a whole page or a
          // title reads as a selection.
          'main[tabindex="-1"]:focus, h1[tabindex="-1"]:focus, section[tabindex="-1"]:focus':
            { outline: 'none' },
        },
      },
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
