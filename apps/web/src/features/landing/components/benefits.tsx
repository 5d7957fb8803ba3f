import DnsRounded from '@mui/icons-material/DnsRounded';
import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { SectionHeading } from './section-heading';

const benefits = [
  {
    icon: <ShareRounded />,
    title: 'Ingredients that carry over',
    text: 'Half a bunch of parsley on Monday becomes Wednesday’s tabbouleh. Platewise picks dishes that share their perishable ingredients across the week.',
  },
  {
    icon: <EnergySavingsLeafRounded />,
    title: 'Less food in the bin',
    text: 'Every plan is scored on what would be left over: the whole packages you buy minus what the recipes use, scaled to your serving size.',
  },
  {
    icon: <ReceiptLongRounded />,
    title: 'A list that thinks in packages',
    text: 'One grocery list for the week, split into fresh items and pantry staples, with how many packs to buy instead of “120 g spinach”.',
  },
  {
    icon: <DnsRounded />,
    title: 'Yours to run',
    text: 'Platewise starts with one command on a small server. Your schedule, diet and allergies stay on hardware you control.',
  },
];

export function Benefits() {
  return (
    <Box
      component="section"
      aria-labelledby="benefits-title"
      sx={{ py: { xs: 9, md: 12 }, bgcolor: 'background.default' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="benefits-title"
          eyebrow="Why Platewise"
          title="Planned around what is already in your fridge"
        >
          Most meal plans send you shopping for seven different herbs and leave
          six of them wilting. Platewise plans the week as a whole.
        </SectionHeading>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {benefits.map((item) => (
            <Box key={item.title}>
              <Box
                sx={{
                  height: '100%',
                  p: 3,
                  borderRadius: '20px',
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  aria-hidden="true"
                  sx={(t) => ({
                    width: 48,
                    height: 48,
                    borderRadius: '14px',
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2.5,
                    color: 'primary.main',
                    bgcolor: `rgba(${t.vars.palette.primary.mainChannel} / 0.12)`,
                  })}
                >
                  {item.icon}
                </Box>
                <Typography variant="h6" component="h3" gutterBottom>
                  {item.title}
                </Typography>
                <Typography color="text.secondary" sx={{ lineHeight: 1.6 }}>
                  {item.text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
