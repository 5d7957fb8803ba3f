import Box from '@mui/material/Box';
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
 * Weekly Schedule (spec "Settings"): a card per day with an on/off switch
 * and the three meals, which are disabled while the day is off.
 */
export function WeeklySchedule({
  schedule,
  error,
  onSwitch,
  onToggleMeal,
}: {
  /** The seven days, Monday first. */
  schedule: WeeklyScheduleDay[];
  error?: string;
  onSwitch: (day: Day, enabled: boolean) => void;
  onToggleMeal: (day: Day, slot: MealSlot, checked: boolean) => void;
}) {
  return (
    <div>
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
