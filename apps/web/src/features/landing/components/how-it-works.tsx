import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import ShoppingCartCheckoutRounded from '@mui/icons-material/ShoppingCartCheckoutRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { landingSections } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Set Preferences',
    icon: <TuneRounded />,
    text: 'Pick which meals you cook on which days, your diet, allergens, likes and dislikes, protein level and how many people you feed.',
  },
  {
    title: 'Get Your Weekly Plan',
    icon: <CalendarMonthRounded />,
    text: 'Platewise fills every slot with recipes that fit, choosing dishes that reuse each other’s fresh ingredients. Swap any meal you do not fancy.',
  },
  {
    title: 'Shop Smart Cook Easy',
    icon: <ShoppingCartCheckoutRounded />,
    text: 'Take one list to the shop, fresh items and pantry staples apart, then cook from clear step-by-step recipes all week.',
  },
] as const;

export function HowItWorks() {
  return (
    <Box
      component="section"
      id={landingSections.howItWorks}
      aria-labelledby="how-it-works-title"
      tabIndex={-1}
      sx={{
        py: { xs: 9, md: 12 },
        bgcolor: 'background.paper',
        scrollMarginTop: { xs: 56, md: 64 },
        outline: 'none',
      }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From preferences to a full fridge in three steps"
        >
          Tell Platewise how you eat once. Each week it does the planning and
          the arithmetic; you do the cooking.
        </SectionHeading>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 3, md: 4 },
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <Box component="li" key={step.title}>
              <Box
                sx={{
                  position: 'relative',
                  height: '100%',
                  p: { xs: 3, md: 4 },
                  borderRadius: '20px',
                  bgcolor: 'background.default',
                  border: 1,
                  borderColor: 'divider',
                  overflow: 'hidden',
                }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    position: 'absolute',
                    top: -12,
                    right: 12,
                    fontSize: 120,
                    fontWeight: 800,
                    lineHeight: 1,
                    color: 'text.primary',
                    opacity: 0.06,
                  }}
                >
                  {index + 1}
                </Box>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 56,
                    height: 56,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    mb: 3,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                  }}
                >
                  {step.icon}
                </Box>
                <Typography
                  variant="overline"
                  component="p"
                  color="text.secondary"
                >
                  Step {index + 1}
                </Typography>
                <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary" sx={{ lineHeight: 1.65 }}>
                  {step.text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
