import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { landingSections } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

export const FAQ_ITEMS = [
  {
    id: 'meal-types',
    question: 'Which meals does Platewise plan?',
    answer:
      'Breakfast, lunch and dinner, for the days you choose. Your weekly schedule says which meals you cook on which day: dinners only on weekdays and a slow breakfast on Sunday is a perfectly good week. Days you switch off are simply left out of the plan and the shopping list.',
  },
  {
    id: 'customization',
    question: 'Can I tailor it to my diet and allergies?',
    answer:
      'Yes. Choose vegan, vegetarian, gluten-free, ketogenic or no restriction, then mark allergens from the catalogue (it covers the major EU and US food allergens) or add your own, such as mango. Allergens and dislikes are hard rules: a recipe that contains one is never planned. Likes and your protein level steer the choice among the recipes that remain.',
  },
  {
    id: 'grocery-list',
    question: 'How does the grocery list work?',
    answer:
      'Once your week is planned, Platewise adds up every ingredient across all recipes, converts units where needed and splits the list into fresh ingredients and non-perishables. Fresh items are counted in the packages shops sell, so you see “1 bunch of coriander”, not three separate spoonfuls. Tick items off as you shop.',
  },
  {
    id: 'food-waste',
    question: 'How does it actually reduce food waste?',
    answer:
      'Perishables are sold in fixed sizes, and a plan that needs a little of many things leaves a lot behind. When Platewise builds your week it measures what would be left over of each fresh package and prefers combinations of recipes that use them up, so the spinach bought for Tuesday is finished on Thursday instead of thrown out on Saturday.',
  },
] as const;

export function Faq() {
  const [expanded, setExpanded] = useState<string | false>(false);
  return (
    <Box
      component="section"
      id={landingSections.faq}
      aria-labelledby="faq-title"
      tabIndex={-1}
      sx={{
        py: { xs: 9, md: 12 },
        bgcolor: 'background.default',
        scrollMarginTop: { xs: 56, md: 64 },
        outline: 'none',
      }}
    >
      <Container maxWidth="md">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Questions home cooks ask us"
        />
        {/* A disclosure per question (the APG accordion pattern), drawn
            with ButtonBase: MUI's Accordion would add about 2.5 KB (brotli)
            to the landing page (issue 11). One answer is open at a time. */}
        <Stack spacing={1.5}>
          {FAQ_ITEMS.map((item) => {
            const open = expanded === item.id;
            return (
              <Box
                key={item.id}
                sx={{
                  borderRadius: '14px',
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
              >
                <Typography component="h3" sx={{ m: 0 }}>
                  <ButtonBase
                    id={`faq-${item.id}-header`}
                    aria-expanded={open}
                    aria-controls={`faq-${item.id}-content`}
                    onClick={() => setExpanded(open ? false : item.id)}
                    sx={{
                      width: '100%',
                      justifyContent: 'space-between',
                      gap: 2,
                      textAlign: 'left',
                      px: { xs: 2, sm: 3 },
                      py: 2,
                      borderRadius: '14px',
                      fontWeight: 600,
                      fontSize: '1.05rem',
                      fontFamily: 'inherit',
                      color: 'text.primary',
                    }}
                  >
                    {item.question}
                    <ExpandMoreRounded
                      aria-hidden="true"
                      sx={{
                        flexShrink: 0,
                        color: 'text.secondary',
                        transition: 'transform 150ms',
                        transform: open ? 'rotate(180deg)' : 'none',
                      }}
                    />
                  </ButtonBase>
                </Typography>
                <Box
                  id={`faq-${item.id}-content`}
                  role="region"
                  aria-labelledby={`faq-${item.id}-header`}
                  hidden={!open}
                  sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}
                >
                  <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
                    {item.answer}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Stack>
      </Container>
    </Box>
  );
}
