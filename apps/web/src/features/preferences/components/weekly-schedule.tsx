import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  MEAL_SLOTS,
  type Day,
  type MealSlot,
  type WeeklyScheduleDay,
} from '@platewise/shared';
import { useId } from 'react';

import {
  matchingPreset,
  SCHEDULE_PRESET_LABELS,
  SCHEDULE_PRESETS,
  type SchedulePreset,
} from '../utils/settings';

const SLOT_LABELS: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

function DayCard({
  entry,
  onSwitch,
  onToggleMeal,
}: {
  entry: WeeklyScheduleDay;
  onSwitch: (day: Day, enabled: boolean) => void;
  onToggleMeal: (day: Day, slot: MealSlot, checked: boolean) => void;
}) {
  const day = entry.day_name;
  const chosen = MEAL_SLOTS.filter((slot) => entry.meals[slot]).length;
  const status = !entry.enabled
    ? 'Off'
    : chosen === 0
      ? 'Pick a meal'
      : `${chosen} ${chosen === 1 ? 'meal' : 'meals'}`;
  const headingId = `schedule-${day.toLowerCase()}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      sx={(theme) => ({
        p: 2,
        minWidth: 0,
        display: 'grid',
        gap: 1,
        transition: theme.transitions.create(['border-color', 'background']),
        borderColor: entry.enabled ? 'primary.main' : 'divider',
        bgcolor: entry.enabled ? 'background.paper' : 'action.hover',
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
          >
            {day}
          </Typography>
          <Typography
            variant="body2"
            color={
              entry.enabled && chosen === 0 ? 'warning.main' : 'text.secondary'
            }
          >
            {status}
          </Typography>
        </Box>
        <Switch
          checked={entry.enabled}
          onChange={(event) => onSwitch(day, event.target.checked)}
          slotProps={{ input: { 'aria-label': day } }}
        />
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 1.5,
          rowGap: 0,
        }}
      >
        {MEAL_SLOTS.map((slot) => (
          <FormControlLabel
            key={slot}
            disabled={!entry.enabled}
            label={SLOT_LABELS[slot]}
            sx={{ mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={entry.meals[slot]}
                onChange={(event) =>
                  onToggleMeal(day, slot, event.target.checked)
                }
                slotProps={{
                  input: { 'aria-label': `${day} ${slot}` },
                }}
              />
            }
          />
        ))}
      </Box>
    </Card>
  );
}

/**
 * Shortcuts that fill the seven cards at once; the one the cards match now
 * shows as pressed. The cards stay the way to fine-tune.
 */
function SchedulePresets({
  schedule,
  onPreset,
}: {
  schedule: WeeklyScheduleDay[];
  onPreset: (preset: SchedulePreset) => void;
}) {
  const current = matchingPreset(schedule);
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        mb: 2,
      }}
    >
      <Typography
        id={labelId}
        variant="body2"
        color="text.secondary"
        sx={{ mr: 0.5 }}
      >
        Start from:
      </Typography>
      {SCHEDULE_PRESETS.map((preset) => (
        <Button
          key={preset}
          size="small"
          variant={current === preset ? 'contained' : 'outlined'}
          aria-pressed={current === preset}
          onClick={() => onPreset(preset)}
          sx={{ borderRadius: 999 }}
        >
          {SCHEDULE_PRESET_LABELS[preset]}
        </Button>
      ))}
    </Box>
  );
}

/**
 * Weekly Schedule (spec "Settings"): a card per day with an on/off switch
 * and the three meals, which are disabled while the day is off, under the
 * presets "Every day", "Weekdays" and "Dinners only".
 */
export function WeeklySchedule({
  schedule,
  error,
  onSwitch,
  onToggleMeal,
  onPreset,
}: {
  /** The seven days, Monday first. */
  schedule: WeeklyScheduleDay[];
  error?: string;
  onSwitch: (day: Day, enabled: boolean) => void;
  onToggleMeal: (day: Day, slot: MealSlot, checked: boolean) => void;
  onPreset: (preset: SchedulePreset) => void;
}) {
  return (
    <div>
      <SchedulePresets schedule={schedule} onPreset={onPreset} />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {schedule.map((entry) => (
          <DayCard
            key={entry.day_name}
            entry={entry}
            onSwitch={onSwitch}
            onToggleMeal={onToggleMeal}
          />
        ))}
      </Box>
      {error ? (
        <FormHelperText error role="alert" sx={{ mt: 1.5, fontSize: '0.9rem' }}>
          {error}
        </FormHelperText>
      ) : null}
    </div>
  );
}
