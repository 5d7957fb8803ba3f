import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { DAYS, USER_TOAST_MS, type Day } from '@platewise/shared';
import { useId, useState } from 'react';

import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { useMarkCookedMutation } from '../kitchen-api';

export const cookedTexts = {
  explain:
    'When you have cooked your plan’s meals, take what they used out of your kitchen. What is left keeps its dates and feeds your next plan.',
  done: 'Taken out of your kitchen: what is left is ready for your next plan.',
  failed: 'That could not be saved. Please try again.',
} as const;

/**
 * "Cooked" (issue 20): the plan's meals of the ticked days (the whole week
 * by default) were cooked; their amounts come out of the kitchen.
 */
export function CookedCard({ userId }: { userId: string }) {
  const titleId = useId();
  const [days, setDays] = useState<ReadonlySet<Day>>(new Set(DAYS));
  const [problem, setProblem] = useState<string | null>(null);
  const [markCooked, cooking] = useMarkCookedMutation();
  const whole = days.size === DAYS.length;

  function toggle(day: Day, on: boolean) {
    const next = new Set(days);
    if (on) next.add(day);
    else next.delete(day);
    setDays(next);
  }

  async function onCooked() {
    setProblem(null);
    const result = await markCooked(
      whole
        ? { user_id: userId }
        : { user_id: userId, days: DAYS.filter((day) => days.has(day)) },
    );
    if ('error' in result) {
      setProblem(
        isApiQueryError(result.error) ? result.error.error : cookedTexts.failed,
      );
      return;
    }
    notify(cookedTexts.done, {
      severity: 'success',
      durationMs: USER_TOAST_MS,
    });
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        Cooked
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {cookedTexts.explain}
      </Typography>
      <Box
        role="group"
        aria-label="Days cooked"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, mt: 1 }}
      >
        {DAYS.map((day) => (
          <FormControlLabel
            key={day}
            control={
              <Checkbox
                size="small"
                checked={days.has(day)}
                onChange={(event) => toggle(day, event.target.checked)}
              />
            }
            label={day}
          />
        ))}
      </Box>
      {problem === null ? null : (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
      <Button
        variant="contained"
        sx={{ mt: 1.5 }}
        disabled={cooking.isLoading || days.size === 0}
        onClick={() => void onCooked()}
      >
        {whole ? 'Cooked the whole week' : 'Cooked these days'}
      </Button>
    </Card>
  );
}
