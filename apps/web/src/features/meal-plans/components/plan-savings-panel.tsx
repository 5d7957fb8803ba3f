import EnergySavingsLeafRounded from '@mui/icons-material/EnergySavingsLeafRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { WasteSummary } from '@platewise/shared';
import { useId, type ReactNode } from 'react';

const grams = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** 1,240 g, or 1.2 kg from a kilogram up. */
export function formatGrams(value: number): string {
  const rounded = Math.max(0, Math.round(value));
  if (rounded >= 1000) {
    return `${(rounded / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} kg`;
  }
  return `${grams.format(rounded)} g`;
}

function Figure({
  icon,
  value,
  children,
}: {
  icon: ReactNode;
  value: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography
          variant="h6"
          component="p"
          sx={{ lineHeight: 1.2, fontWeight: 800 }}
        >
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * What the plan saves (issue 11), from the planner's own measure: fresh
 * items that serve more than one meal, and the expected fresh-food waste
 * against a typical unplanned week for the same settings.
 */
export function PlanSavingsPanel({ waste }: { waste: WasteSummary }) {
  const titleId = useId();
  const saved = waste.baselineWasteGrams - waste.wasteGrams;
  const share =
    waste.baselineWasteGrams > 0
      ? Math.round((saved / waste.baselineWasteGrams) * 100)
      : 0;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography
        id={titleId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, mb: 1.5 }}
      >
        What this plan saves
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        <Figure
          icon={<ShareRounded fontSize="small" />}
          value={`${String(waste.freshItemsShared)} of ${String(waste.freshItemsBought)}`}
        >
          fresh items are shared by two or more meals, so less is left to spoil.
        </Figure>
        <Figure
          icon={<EnergySavingsLeafRounded fontSize="small" />}
          value={`${formatGrams(waste.wasteGrams)} expected waste`}
        >
          against {formatGrams(waste.baselineWasteGrams)} for a typical
          unplanned week
          {saved > 0 ? ` (${String(share)} % less)` : ''}.
          {waste.fromKitchenGrams > 0
            ? ` ${formatGrams(waste.fromKitchenGrams)} comes from your kitchen.`
            : ''}
        </Figure>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {waste.baselineDescription}
      </Typography>
    </Card>
  );
}
