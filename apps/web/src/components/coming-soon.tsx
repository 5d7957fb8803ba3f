import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The honest placeholder of a screen whose features arrive in a later
 * release: its real title inside its real shell, what it will do, and what
 * the user can do meanwhile.
 */
export function ComingSoon({
  title,
  icon,
  summary,
  upcoming,
  children,
}: {
  title: string;
  icon: ReactNode;
  summary: string;
  upcoming: string[];
  children?: ReactNode;
}) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{summary}</Typography>
      </Box>
      <Card>
        <CardContent
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 3,
            p: { xs: 3, sm: 4 },
          }}
        >
          <Box
            aria-hidden="true"
            sx={{
              width: 64,
              height: 64,
              borderRadius: '18px',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '& svg': { fontSize: 32 },
            }}
          >
            {icon}
          </Box>
          <Box sx={{ flex: 1 }}>
            <Chip
              label="Coming soon"
              color="secondary"
              size="small"
              sx={{ mb: 1.5, fontWeight: 600 }}
            />
            <Typography variant="h6" component="h2" gutterBottom>
              What you will find here
            </Typography>
            <Box
              component="ul"
              sx={{
                m: 0,
                pl: 2.5,
                color: 'text.secondary',
                '& li': { mb: 0.75 },
              }}
            >
              {upcoming.map((item) => (
                <li key={item}>
                  <Typography variant="body2" component="span">
                    {item}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        </CardContent>
      </Card>
      {children}
    </Stack>
  );
}

/**
 * The compact notice for sign-in pages whose forms arrive in a later
 * release, with the ways forward that work today.
 */
export function ComingSoonNotice({
  children,
  actions,
}: {
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          p: 3,
          borderRadius: '16px',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Chip
          label="Coming soon"
          color="secondary"
          size="small"
          sx={{ mb: 1.5, fontWeight: 600 }}
        />
        <Typography
          color="text.secondary"
          component="div"
          sx={{ lineHeight: 1.7 }}
        >
          {children}
        </Typography>
      </Box>
      {actions}
    </Stack>
  );
}
