import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Day, MealSlot } from '@platewise/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../lib/paths';
import { slotKey, useMealPlanActions } from '../hooks/use-meal-plan-actions';
import { useGetMealPlanQuery } from '../meal-plans-api';
import { mealPlanTexts } from '../meal-plans-messages';
import { groupBySlot, SLOT_LABELS } from '../utils/plan-view';
import { DeletePlanDialog } from './delete-plan-dialog';
import { MealCard } from './meal-card';
import { PlanSavingsPanel } from './plan-savings-panel';
import { RecipeDetailsDialog } from './recipe-details-dialog';

const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(auto-fill, minmax(200px, 1fr))',
  },
} as const;

function BoardSkeleton() {
  return (
    <Stack spacing={4} aria-busy="true" aria-label="Loading your meal plan">
      {['Breakfast', 'Lunch', 'Dinner'].map((label) => (
        <Box key={label}>
          <Skeleton variant="text" width={120} height={32} />
          <Box sx={cardGrid}>
            {[0, 1, 2, 3].map((index) => (
              <Card key={index}>
                <Skeleton
                  variant="rectangular"
                  sx={{
                    height: { xs: 104, sm: 'auto' },
                    aspectRatio: '16 / 10',
                  }}
                />
                <Box sx={{ p: 2 }}>
                  <Skeleton variant="text" width="80%" />
                  <Skeleton variant="text" width="40%" />
                </Box>
              </Card>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function EmptyPlan() {
  return (
    <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <EventBusyRounded
        aria-hidden
        sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }}
      />
      <Typography sx={{ fontWeight: 600, mb: 2 }}>
        {mealPlanTexts.empty}
      </Typography>
      <Button
        component={RouterLink}
        to={paths.user.settings.getHref()}
        variant="contained"
      >
        Go to Settings
      </Button>
    </Card>
  );
}

/**
 * 'Your Meal Plan' (spec "User Dashboard"): the week's meals grouped under
 * Breakfast, Lunch and Dinner in day order, filtered by `search`; each meal
 * can be viewed, regenerated and locked; the plan can be regenerated or
 * deleted.
 */
export function MealPlanBoard({
  userId,
  search,
}: {
  userId: string;
  search: string;
}) {
  const {
    data: plan,
    isLoading,
    isError,
    refetch,
  } = useGetMealPlanQuery(userId);
  const current = plan ?? null;
  const actions = useMealPlanActions(userId, current);
  const [viewing, setViewing] = useState<{ day: Day; slot: MealSlot } | null>(
    null,
  );
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const groups = current ? groupBySlot(current.meals, search) : [];
  const hasMeals = current ? current.meals.length > 0 : false;
  const viewed =
    viewing && current
      ? current.meals.find((entry) => entry.day === viewing.day)?.[viewing.slot]
      : undefined;
  const planBusy = actions.pending !== null;
  const unfilled = current?.unfilled ?? [];
  const unfilledNotice =
    unfilled.length > 0 ? (
      <Alert severity="info">
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {unfilled.length === 1
            ? 'One meal could not be planned:'
            : `${String(unfilled.length)} meals could not be planned:`}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {unfilled.map((gap) => (
            <li key={slotKey(gap.day, gap.slot)}>
              <Typography variant="body2">
                {gap.day} {SLOT_LABELS[gap.slot].toLowerCase()}: {gap.reason}
              </Typography>
            </li>
          ))}
        </Box>
      </Alert>
    ) : null;
  const notes = current?.notes ?? [];
  // Said like the unfilled slots: what the planner had to give up (issue 22).
  const notesNotice =
    notes.length > 0 ? (
      <Alert severity="info">
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {mealPlanTexts.notesTitle(notes.length)}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {notes.map((note, index) => (
            <li key={`${note.code}-${String(index)}`}>
              <Typography variant="body2">
                {note.day && note.slot
                  ? `${note.day} ${SLOT_LABELS[note.slot].toLowerCase()}: `
                  : ''}
                {note.reason}
              </Typography>
            </li>
          ))}
        </Box>
      </Alert>
    ) : null;

  let body;
  if (isLoading) {
    body = <BoardSkeleton />;
  } else if (isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {mealPlanTexts.loadFailed}
      </Alert>
    );
  } else if (!current || !hasMeals) {
    body = (
      <Stack spacing={3}>
        <EmptyPlan />
        {unfilledNotice}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={4}>
        <PlanSavingsPanel waste={current.waste} />
        {unfilledNotice}
        {notesNotice}
        {groups.length === 0 ? (
          <Typography color="text.secondary" role="status">
            {mealPlanTexts.noSearchMatch(search.trim())}
          </Typography>
        ) : (
          groups.map((group) => (
            <Box
              component="section"
              key={group.slot}
              aria-labelledby={`meal-group-${group.slot}`}
            >
              <Typography
                id={`meal-group-${group.slot}`}
                variant="h6"
                component="h3"
                sx={{ mb: 1.5 }}
              >
                {group.label}
              </Typography>
              <Box sx={cardGrid}>
                {group.meals.map(({ day, slot, meal }) => (
                  <MealCard
                    key={slotKey(day, slot)}
                    day={day}
                    slot={slot}
                    meal={meal}
                    busy={
                      actions.pending === slotKey(day, slot) ||
                      (actions.pending === 'plan' && !meal.locked)
                    }
                    onView={() => setViewing({ day, slot })}
                    onRegenerate={() => void actions.regenerateMeal(day, slot)}
                    onToggleLock={() =>
                      void actions.toggleLock(day, slot, !meal.locked)
                    }
                  />
                ))}
              </Box>
            </Box>
          ))
        )}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby="meal-plan-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          mb: 2.5,
        }}
      >
        <Typography
          id="meal-plan-title"
          variant="h5"
          component="h2"
          sx={{ flex: 1, flexBasis: { xs: '100%', sm: 0 }, minWidth: 180 }}
        >
          Your Meal Plan
        </Typography>
        <Button
          variant="contained"
          startIcon={<AutorenewRounded />}
          disabled={!hasMeals}
          aria-busy={actions.pending === 'plan'}
          onClick={() => void actions.regeneratePlan()}
        >
          Regenerate
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineRounded />}
          disabled={!current || planBusy}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete Plan
        </Button>
      </Box>
      {body}
      {viewing && viewed ? (
        <RecipeDetailsDialog
          open
          day={viewing.day}
          slot={viewing.slot}
          meal={viewed}
          onClose={() => setViewing(null)}
        />
      ) : null}
      <DeletePlanDialog
        open={confirmingDelete}
        deleting={actions.deleting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          void actions.deletePlan().then((deleted) => {
            if (deleted) setConfirmingDelete(false);
          });
        }}
      />
    </Box>
  );
}
