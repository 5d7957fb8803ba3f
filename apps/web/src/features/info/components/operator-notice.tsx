import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * What the operator of an instance must fill in before these texts describe
 * their service (issue 11): the software ships a template, not a contract.
 */
export function OperatorNotice({ items }: { items: string[] }) {
  return (
    <Box
      component="aside"
      aria-labelledby="operator-notice-title"
      sx={{
        p: 3,
        mb: 4,
        borderRadius: '16px',
        border: 1,
        borderColor: 'warning.main',
        bgcolor: 'background.paper',
      }}
    >
      <Typography
        id="operator-notice-title"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 700, mb: 1, color: 'text.primary' }}
      >
        For the operator of this instance
      </Typography>
      <Typography>
        This page is the template that ships with Platewise. Before you open
        your instance to others, make it yours and fill in:
      </Typography>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Box>
  );
}
