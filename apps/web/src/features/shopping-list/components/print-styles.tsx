import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * The printed list (issue 11: one page for a typical week): the shell,
 * buttons and toasts hidden, both panels in two columns of small type, black
 * on white whatever the theme.
 */
export function ShoppingListPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: 'A4 portrait', margin: '10mm' },
          'html, body': {
            background: '#fff !important',
            color: '#000 !important',
            fontSize: '8.5pt',
          },
          'header, nav, .no-print, .MuiSnackbar-root, main > .MuiToolbar-root':
            { display: 'none !important' },
          main: {
            padding: '0 !important',
            margin: '0 !important',
            background: 'none !important',
          },
          '.shopping-page': {
            gap: '6pt !important',
            maxWidth: 'none !important',
          },
          '.shopping-page h1': { fontSize: '14pt !important', margin: 0 },
          '.shopping-panel': {
            border: 'none !important',
            padding: '0 2pt 0 0 !important',
            background: 'none !important',
            breakInside: 'auto',
          },
          '.shopping-panel h2': { fontSize: '11pt !important' },
          '.shopping-columns': { columns: '2 !important', columnGap: '8mm' },
          '.shopping-aisle': {
            fontSize: '7.5pt !important',
            lineHeight: '1.6 !important',
            color: '#000 !important',
          },
          '.shopping-row label': {
            padding: '0 !important',
            alignItems: 'flex-start !important',
          },
          '.shopping-row label > div': { paddingTop: '0 !important' },
          '.shopping-columns > section': { marginBottom: '4pt !important' },
          '.shopping-row .MuiCheckbox-root': {
            padding: '0 4px 0 0 !important',
          },
          '.shopping-row .MuiSvgIcon-root': { fontSize: '10pt !important' },
          '.shopping-row .MuiTypography-root': {
            fontSize: '8pt !important',
            lineHeight: '1.25 !important',
            color: '#000 !important',
          },
          '.shopping-row .MuiTypography-caption': {
            fontSize: '7pt !important',
            color: '#333 !important',
          },
        },
      }}
    />
  );
}
