import CloseRounded from '@mui/icons-material/CloseRounded';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Day, MealSlot, PlanMeal } from '@platewise/shared';
import { useId } from 'react';

import { capitalise } from '../../../utils/kitchen-text';
import {
  formatIngredient,
  formatMinutes,
  formatRating,
  mealLabel,
  directionItems,
} from '../utils/plan-view';
import { RecipeImage } from './recipe-image';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{
        px: { xs: 1.25, sm: 1.5 },
        py: 1,
        borderRadius: 2,
        bgcolor: 'action.hover',
        minWidth: 0,
      }}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        component="dt"
        sx={{ display: 'block', lineHeight: 1.4 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Recipe Details (spec "User Dashboard"): picture, name, cooking time,
 * rating, serving size, the ingredients for that serving size (the API
 * scales them), the directions as numbered steps, and why the planner chose
 * the dish. Full screen on phones.
 */
export function RecipeDetailsDialog({
  open,
  day,
  slot,
  meal,
  onClose,
}: {
  open: boolean;
  day: Day;
  slot: MealSlot;
  meal: PlanMeal;
  onClose: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const steps = directionItems(meal.directions);
  const servings = `${meal.serving_size} ${meal.serving_size === 1 ? 'serving' : 'servings'}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle
        id={titleId}
        sx={{ pr: 7, display: 'flex', flexDirection: 'column', gap: 0.25 }}
      >
        <Typography
          variant="overline"
          color="text.secondary"
          component="span"
          sx={{ lineHeight: 1.6 }}
        >
          Recipe Details · {mealLabel(day, slot)}
        </Typography>
        <Typography variant="h5" component="span" sx={{ fontWeight: 800 }}>
          {meal.name}
        </Typography>
      </DialogTitle>
      <IconButton
        aria-label="Close recipe details"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseRounded />
      </IconButton>
      {/* The content scrolls on its own (scroll="paper"); focusable, so the
          arrow keys and Page Down reach the directions on a phone. */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={(t) => ({
          '&:focus-visible': {
            outline: `3px solid ${t.vars.palette.primary.main}`,
            outlineOffset: -3,
          },
        })}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2}>
            <RecipeImage
              images={meal.images}
              alt={meal.name}
              sx={{
                width: '100%',
                aspectRatio: { xs: '16 / 9', md: '4 / 3' },
                borderRadius: 3,
              }}
            />
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
                gap: 1,
              }}
            >
              <Fact
                label="Cooking time"
                value={formatMinutes(meal.total_cooking_time)}
              />
              <Fact label="Rating" value={formatRating(meal.rating)} />
              <Fact label="Serving size" value={servings} />
            </Box>
            {meal.reason ? (
              <Box
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  p: 2,
                  borderRadius: 3,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <LightbulbOutlined
                  sx={{ color: 'secondary.main', mt: 0.25 }}
                  aria-hidden
                />
                <Box>
                  <Typography
                    variant="subtitle2"
                    component="h3"
                    sx={{ fontWeight: 700 }}
                  >
                    Why this recipe
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {capitalise(meal.reason)}
                  </Typography>
                </Box>
              </Box>
            ) : null}
          </Stack>
          <Stack spacing={3}>
            <section aria-labelledby={`${titleId}-ingredients`}>
              <Typography
                id={`${titleId}-ingredients`}
                variant="h6"
                component="h3"
                gutterBottom
              >
                Ingredients
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ ml: 1 }}
                >
                  for {servings}
                </Typography>
              </Typography>
              {meal.ingredients.length > 0 ? (
                <Box
                  component="ul"
                  sx={{
                    m: 0,
                    pl: 2.5,
                    columnGap: 4,
                    columns: { sm: 2 },
                    '& li': { mb: 0.75, breakInside: 'avoid' },
                  }}
                >
                  {meal.ingredients.map((line, index) => (
                    <li key={`${line.ingredient}-${String(index)}`}>
                      <Typography variant="body2">
                        {formatIngredient(line)}
                      </Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No ingredients listed.
                </Typography>
              )}
            </section>
            <section aria-labelledby={`${titleId}-directions`}>
              <Typography
                id={`${titleId}-directions`}
                variant="h6"
                component="h3"
                gutterBottom
              >
                Directions
              </Typography>
              {steps.length > 0 ? (
                <Box
                  component="ol"
                  sx={{
                    m: 0,
                    p: 0,
                    listStyle: 'none',
                    display: 'grid',
                    gap: 2,
                  }}
                >
                  {steps.map((item, index) => (
                    <li key={`${String(index)}-${item.text.slice(0, 16)}`}>
                      {item.kind === 'heading' ? (
                        <Typography
                          variant="subtitle1"
                          component="h4"
                          sx={{ fontWeight: 700, mt: index === 0 ? 0 : 1 }}
                        >
                          {item.text}
                        </Typography>
                      ) : (
                        <>
                          <Typography
                            variant="subtitle2"
                            component="h4"
                            color="primary"
                            sx={{ fontWeight: 700 }}
                          >
                            Step {item.number}
                          </Typography>
                          <Typography variant="body2">{item.text}</Typography>
                        </>
                      )}
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No directions given.
                </Typography>
              )}
            </section>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
