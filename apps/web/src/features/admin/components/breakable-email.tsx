import Box from '@mui/material/Box';

/**
 * An e-mail address that wraps after the @ on narrow screens rather than in
 * the middle of a word (and anywhere only if a part is still too long).
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    // break-word, not anywhere: a table column keeps each part whole.
    <Box component="span" sx={{ overflowWrap: 'break-word' }}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </Box>
  );
}
