import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Day, MealSlot, PlanMeal } from '@platewise/shared';

import { formatMinutes, mealLabel } from '../utils/plan-view';
import { RecipeImage } from './recipe-image';

/**
 * One meal of the plan (spec "User Dashboard"): day badge, picture, name,
 * View and Regenerate, plus the lock that keeps it through a whole-plan
 * regenerate. Stacked on wider screens, a row on phones.
 */
export function MealCard({
  day,
  slot,
  meal,
  busy,
  onView,
  onRegenerate,
  onToggleLock,
}: {
  day: Day;
  slot: MealSlot;
  meal: PlanMeal;
  busy: boolean;
  onView: () => void;
  onRegenerate: () => void;
  onToggleLock: () => void;
}) {
  const label = mealLabel(day, slot);
  const lockLabel = `${meal.locked ? 'Unlock' : 'Lock'} ${label}`;
  return (
    <Card
      component="article"
      aria-label={`${label}: ${meal.name}`}
      aria-busy={busy}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: { xs: 'row', sm: 'column' },
        borderColor: meal.locked ? 'primary.main' : undefined,
        height: '100%',
      }}
    >
      {busy ? (
        <LinearProgress
          aria-label={`Changing ${label}`}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      ) : null}
      <Box
        sx={{
          position: 'relative',
          flexShrink: 0,
          width: { xs: 104, sm: '100%' },
          alignSelf: { xs: 'stretch', sm: 'auto' },
        }}
      >
        <RecipeImage
          images={meal.images}
          alt=""
          sx={{
            width: '100%',
            height: { xs: '100%', sm: 'auto' },
            minHeight: { xs: 104, sm: 0 },
            aspectRatio: { sm: '16 / 10' },
            opacity: busy ? 0.5 : 1,
            transition: 'opacity 200ms',
          }}
        />
        <Chip
          label={day}
          size="small"
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            fontWeight: 700,
            bgcolor: 'background.paper',
            color: 'text.primary',
            boxShadow: 1,
            display: { xs: 'none', sm: 'inline-flex' },
          }}
        />
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flex: 1,
          minWidth: 0,
          p: { xs: 1.5, sm: 2 },
          pb: { xs: 1, sm: 1 },
          gap: 0.5,
        }}
      >
        <Typography
          variant="overline"
          color="text.secondary"
          sx={{ lineHeight: 1.4, display: { sm: 'none' } }}
        >
          {day}
        </Typography>
        <Typography
          variant="subtitle1"
          component="h4"
          // Whole on a phone, where nothing hovers (issue 21); two lines in
          // the grid of wider screens, with the whole name on hover and in
          // Recipe Details.
          title={meal.name}
          sx={{
            fontWeight: 700,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
            display: { xs: 'block', sm: '-webkit-box' },
            WebkitLineClamp: { sm: 2 },
            WebkitBoxOrient: 'vertical',
            overflow: { xs: 'visible', sm: 'hidden' },
          }}
        >
          {meal.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatMinutes(meal.total_cooking_time)}
          {meal.locked ? ' · Locked' : ''}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 'auto',
            pt: 1,
            ml: -1,
          }}
        >
          <Button
            size="small"
            onClick={onView}
            aria-label={`View ${meal.name} (${label})`}
          >
            View
          </Button>
          <Button
            size="small"
            startIcon={<AutorenewRounded />}
            onClick={onRegenerate}
            aria-label={`Regenerate ${label}`}
          >
            Regenerate
          </Button>
          <Box sx={{ flex: 1 }} />
          <Tooltip
            describeChild
            title={
              meal.locked
                ? 'Locked: kept when you regenerate the plan'
                : 'Lock to keep this meal when you regenerate the plan'
            }
          >
            <IconButton
              size="small"
              aria-label={lockLabel}
              aria-pressed={meal.locked}
              onClick={onToggleLock}
              color={meal.locked ? 'primary' : 'default'}
            >
              {meal.locked ? (
                <LockRounded fontSize="small" />
              ) : (
                <LockOpenRounded fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Card>
  );
}
