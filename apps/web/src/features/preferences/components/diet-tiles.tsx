import BlockRounded from '@mui/icons-material/BlockRounded';
import EggAltRounded from '@mui/icons-material/EggAltRounded';
import GrainRounded from '@mui/icons-material/GrainRounded';
import GrassRounded from '@mui/icons-material/GrassRounded';
import SetMealRounded from '@mui/icons-material/SetMealRounded';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { DIET_LABELS, DIETS, type Diet } from '@platewise/shared';
import type { ReactNode } from 'react';

const DIET_DETAILS: Record<Diet, { icon: ReactNode; summary: string }> = {
  none: { icon: <BlockRounded />, summary: 'Everything is on the menu' },
  vegan: { icon: <GrassRounded />, summary: 'No animal products' },
  vegetarian: { icon: <EggAltRounded />, summary: 'No meat or fish' },
  'gluten-free': { icon: <GrainRounded />, summary: 'No wheat, barley or rye' },
  ketogenic: { icon: <SetMealRounded />, summary: 'Very low in carbs' },
};

/**
 * Dietary Restrictions (spec "Settings"): one choice of five, as tiles. A
 * native radio group underneath, so arrow keys move between the tiles.
 */
export function DietTiles({
  value,
  labelledBy,
  error,
  onChange,
}: {
  value: Diet;
  /** The id of the heading that names the group. */
  labelledBy: string;
  error?: string;
  onChange: (diet: Diet) => void;
}) {
  return (
    <div>
      <RadioGroup
        aria-labelledby={labelledBy}
        value={value}
        onChange={(_event, next) => onChange(next as Diet)}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {DIETS.map((diet) => {
          const selected = diet === value;
          const summaryId = `diet-${diet}-summary`;
          return (
            <Box
              key={diet}
              component="label"
              sx={(theme) => ({
                position: 'relative',
                display: 'grid',
                justifyItems: 'start',
                gap: 0.5,
                p: 2,
                pr: 5,
                borderRadius: '16px',
                border: 2,
                cursor: 'pointer',
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'background.paper',
                color: 'text.primary',
                transition: theme.transitions.create([
                  'border-color',
                  'background-color',
                ]),
                '&:hover': { borderColor: 'primary.main' },
                // The radio is the tile's focus target; show it on the tile.
                '&:has(input:focus-visible)': {
                  outline: `3px solid ${theme.vars.palette.primary.main}`,
                  outlineOffset: 2,
                },
              })}
            >
              <Box
                aria-hidden
                sx={{
                  color: selected ? 'primary.main' : 'text.secondary',
                  display: 'flex',
                }}
              >
                {DIET_DETAILS[diet].icon}
              </Box>
              <Typography sx={{ fontWeight: 700 }}>
                {DIET_LABELS[diet]}
              </Typography>
              <Typography id={summaryId} variant="body2" color="text.secondary">
                {DIET_DETAILS[diet].summary}
              </Typography>
              <Radio
                value={diet}
                size="small"
                sx={{ position: 'absolute', top: 6, right: 6 }}
                slotProps={{
                  input: {
                    'aria-label': DIET_LABELS[diet],
                    'aria-describedby': summaryId,
                  },
                }}
              />
            </Box>
          );
        })}
      </RadioGroup>
      {error ? (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      ) : null}
    </div>
  );
}
