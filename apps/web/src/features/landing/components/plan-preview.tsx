import DinnerDiningRounded from '@mui/icons-material/DinnerDiningRounded';
import Inventory2Rounded from '@mui/icons-material/Inventory2Rounded';
import SpaRounded from '@mui/icons-material/SpaRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { Pill } from './pill';
import { SectionHeading } from './section-heading';

const week = [
  {
    day: 'Mon',
    dish: 'Lemon and herb chickpea bowls',
    shared: ['parsley', 'lemon'],
  },
  {
    day: 'Tue',
    dish: 'Spinach and feta frittata',
    shared: ['spinach', 'feta'],
  },
  {
    day: 'Wed',
    dish: 'Tabbouleh with grilled halloumi',
    shared: ['parsley', 'lemon'],
  },
  { day: 'Thu', dish: 'Creamy spinach dal', shared: ['spinach', 'coriander'] },
  {
    day: 'Fri',
    dish: 'Black bean tacos with lime slaw',
    shared: ['coriander', 'lime'],
  },
];

const fresh = [
  ['Flat-leaf parsley', '1 bunch', 'used twice'],
  ['Baby spinach', '1 bag, 200 g', 'used twice'],
  ['Coriander', '1 bunch', 'used twice'],
  ['Lemons', '2', ''],
  ['Feta', '1 block, 200 g', ''],
];

const pantry = [
  ['Chickpeas', '2 tins'],
  ['Red lentils', '250 g'],
  ['Bulgur wheat', '200 g'],
  ['Corn tortillas', '1 pack'],
];

function PreviewCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        height: '100%',
        borderRadius: '20px',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 24px 48px -32px rgba(16, 40, 26, 0.35)',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: 3,
          py: 2,
          borderBottom: 1,
          borderColor: 'divider',
          '& svg': { color: 'primary.main' },
        }}
      >
        {icon}
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Pill sx={{ ml: 'auto' }}>Example</Pill>
      </Box>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>
    </Box>
  );
}

function ListHeading({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="overline"
      component="h4"
      color="text.secondary"
      sx={{ display: 'block', mb: 1 }}
    >
      {children}
    </Typography>
  );
}

/** An illustrative week: what a plan and its grocery list look like. */
export function PlanPreview() {
  return (
    <Box
      component="section"
      aria-labelledby="preview-title"
      sx={(t) => ({
        py: { xs: 9, md: 12 },
        backgroundColor: `rgba(${t.vars.palette.primary.mainChannel} / 0.07)`,
      })}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="preview-title"
          eyebrow="A week at a glance"
          title="Five dinners, one bunch of parsley"
        >
          Herbs, greens and citrus come in fixed sizes. Platewise lines up
          recipes that finish what the last one started, and the list tells you
          exactly what to buy.
        </SectionHeading>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '7fr 5fr' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <PreviewCard
              title="Dinners this week"
              icon={<DinnerDiningRounded />}
            >
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {week.map((item, index) => (
                  <Box component="li" key={item.day}>
                    {index > 0 ? (
                      <Box
                        component="hr"
                        sx={{
                          my: 1.5,
                          border: 0,
                          borderTop: 1,
                          borderColor: 'divider',
                        }}
                      />
                    ) : null}
                    <Box
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: '44px 1fr',
                        alignItems: 'center',
                        columnGap: 1.5,
                        rowGap: 0.75,
                      }}
                    >
                      <Typography
                        sx={{ fontWeight: 700, color: 'secondary.main' }}
                      >
                        {item.day}
                      </Typography>
                      <Typography sx={{ fontWeight: 600 }}>
                        {item.dish}
                      </Typography>
                      <Box
                        sx={{
                          gridColumn: 2,
                          display: 'flex',
                          gap: 0.75,
                          flexWrap: 'wrap',
                        }}
                      >
                        {item.shared.map((name) => (
                          <Pill key={name} outlined>
                            {name}
                          </Pill>
                        ))}
                      </Box>
                    </Box>
                  </Box>
                ))}
              </Box>
            </PreviewCard>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <PreviewCard title="Grocery list" icon={<Inventory2Rounded />}>
              <ListHeading>
                <SpaRounded
                  sx={{ fontSize: 16, mr: 0.75, verticalAlign: '-3px' }}
                />
                Fresh
              </ListHeading>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
                {fresh.map(([name, amount, note]) => (
                  <Box
                    component="li"
                    key={name}
                    sx={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      gap: 2,
                      py: 0.75,
                    }}
                  >
                    <span>
                      {name}
                      {note ? (
                        <Typography
                          component="span"
                          variant="body2"
                          sx={{ color: 'primary.main', ml: 1, fontWeight: 600 }}
                        >
                          {note}
                        </Typography>
                      ) : null}
                    </span>
                    <Typography
                      component="span"
                      color="text.secondary"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {amount}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <ListHeading>Pantry</ListHeading>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {pantry.map(([name, amount]) => (
                  <Box
                    component="li"
                    key={name}
                    sx={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      gap: 2,
                      py: 0.75,
                    }}
                  >
                    <span>{name}</span>
                    <Typography
                      component="span"
                      color="text.secondary"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {amount}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </PreviewCard>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
