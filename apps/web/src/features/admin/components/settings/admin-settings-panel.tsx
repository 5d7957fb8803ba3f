import { zodResolver } from '@hookform/resolvers/zod';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adminMessages,
  PlannerWeightsSchema,
  USER_TOAST_MS,
  type AdminSettings,
  type TestEmailResponse,
} from '@platewise/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { notify } from '../../../../lib/notifications';
import {
  useGetAdminSettingsQuery,
  useResetPlannerWeightsMutation,
  useSendTestEmailMutation,
  useUpdateAdminSettingsMutation,
} from '../../admin-settings-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { describeAdminError } from '../../utils/admin-messages';

export const settingsMessages = {
  loadFailed: 'Failed to load settings',
  saved: 'Settings saved',
  saveFailed: (error: string) => `Failed to save settings: ${error}`,
  weightsReset: 'Planner weights reset to their defaults',
  testFailed: (error: string) => `Failed to send the test e-mail: ${error}`,
} as const;

/** What each planner weight does, in the admin's words. */
const WEIGHT_LABELS: Record<string, { label: string; help: string }> = {
  wastePerGram: {
    label: 'Waste per gram',
    help: 'Cost of one gram of fresh food thrown away.',
  },
  cuisineRun: {
    label: 'Same cuisine in a row',
    help: 'Cost of a third meal in a row of one cuisine.',
  },
  proteinRepeatDay: {
    label: 'Same protein twice a day',
    help: 'Cost of one main protein twice in a day.',
  },
  repeatRecipe: {
    label: 'Recipe repeated in a week',
    help: 'Cost of a recipe twice in one week.',
  },
  like: { label: 'Matches a like', help: 'Reward for a meal the user likes.' },
  proteinMatch: {
    label: 'Matches protein level',
    help: 'Reward for a meal at the user’s protein level.',
  },
  ratingPoint: {
    label: 'Per rating point',
    help: 'Reward per star of a recipe’s rating.',
  },
  weekdayMinute: {
    label: 'Per weekday cooking minute',
    help: 'Cost of each minute of cooking Monday to Friday.',
  },
  shelfLifeOrder: {
    label: 'Short-lived dishes early',
    help: 'Cost of cooking quickly perishing dishes late in the week.',
  },
  previousPlanReuse: {
    label: 'Reuse on regenerate',
    help: 'Cost of keeping a recipe when a plan is regenerated.',
  },
  wasteMarginPercent: {
    label: 'Waste margin for preferences (%)',
    help: 'How much more waste than the least-waste plan is accepted for a plan that fits likes and protein better.',
  },
  proteinPerGram: {
    label: 'Per gram of protein',
    help: 'Reward per gram of protein a serving at High Protein, cost at Low.',
  },
  likeShare: {
    label: 'Likes fill a third',
    help: 'Cost per meal a like with enough recipes falls short of a third of the meals.',
  },
};

function weightLabel(name: string) {
  const known = WEIGHT_LABELS[name];
  if (known) return known;
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), help: '' };
}

/** Each weight's stored override, else its default. */
function currentWeights(settings: AdminSettings): Record<string, number> {
  return Object.fromEntries(
    Object.entries(settings.plannerWeightDefaults).map(([name, value]) => [
      name,
      settings.plannerWeights[name] ?? value,
    ]),
  );
}

const WeightsFormSchema = z.object({ weights: PlannerWeightsSchema });
type WeightsForm = z.infer<typeof WeightsFormSchema>;

function SettingsCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {summary}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function SignupCard({ settings }: { settings: AdminSettings }) {
  const [update, { isLoading }] = useUpdateAdminSettingsMutation();
  const sessionExpired = useAdminSessionExpiry();
  const toggle = async (signupOpen: boolean) => {
    try {
      await update({ signupOpen }).unwrap();
      notify(settingsMessages.saved, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      if (sessionExpired(error)) return;
      notify(settingsMessages.saveFailed(describeAdminError(error)), {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
    }
  };
  return (
    <SettingsCard
      title="Sign-up"
      summary="Whether new people can create an account, with e-mail or Google. Existing users can always log in."
    >
      <FormControlLabel
        control={
          <Switch
            checked={settings.signupOpen}
            disabled={isLoading}
            onChange={(event) => void toggle(event.target.checked)}
          />
        }
        label="Sign-up is open"
      />
      {settings.signupOpen ? null : (
        <Alert severity="info">{adminMessages.signupClosed}</Alert>
      )}
    </SettingsCard>
  );
}

function MailCard({ settings }: { settings: AdminSettings }) {
  const [send, { isLoading }] = useSendTestEmailMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [outcome, setOutcome] = useState<TestEmailResponse | null>(null);
  const run = async () => {
    setOutcome(null);
    try {
      setOutcome(await send(undefined).unwrap());
    } catch (error) {
      if (sessionExpired(error)) return;
      setOutcome({
        ok: false,
        message: settingsMessages.testFailed(describeAdminError(error)),
      });
    }
  };
  return (
    <SettingsCard
      title="Outgoing e-mail"
      summary="Sign-up codes, password resets and invitations go out by e-mail. Send yourself a test message to check the connection."
    >
      <Typography>
        {settings.mailConfigured
          ? 'An SMTP server is configured.'
          : adminMessages.mailNotConfigured}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={
            isLoading ? (
              <CircularProgress size={16} aria-hidden />
            ) : (
              <SendRounded />
            )
          }
          disabled={isLoading}
          aria-busy={isLoading}
          onClick={() => void run()}
        >
          {isLoading ? 'Sending…' : 'Send test e-mail'}
        </Button>
      </Box>
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} role="status">
          {outcome.message}
        </Alert>
      ) : null}
    </SettingsCard>
  );
}

function WeightsCard({ settings }: { settings: AdminSettings }) {
  const [update, { isLoading: saving }] = useUpdateAdminSettingsMutation();
  const [reset, { isLoading: resetting }] = useResetPlannerWeightsMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
  const names = Object.keys(settings.plannerWeightDefaults);
  const {
    control,
    handleSubmit,
    reset: resetForm,
  } = useForm<WeightsForm>({
    resolver: zodResolver(WeightsFormSchema),
    defaultValues: { weights: currentWeights(settings) },
  });

  const failed = (error: unknown) => {
    if (sessionExpired(error)) return;
    const text = settingsMessages.saveFailed(describeAdminError(error));
    setServerError(text);
    notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
  };
  const onSubmit = handleSubmit(async ({ weights }) => {
    setServerError(null);
    try {
      const saved = await update({ plannerWeights: weights }).unwrap();
      // The server's values become the form's (a weight equal to its
      // default is not stored as an override).
      resetForm({ weights: currentWeights(saved) });
      notify(settingsMessages.saved, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      failed(error);
    }
  });
  const onReset = async () => {
    setServerError(null);
    try {
      const saved = await reset(undefined).unwrap();
      resetForm({ weights: currentWeights(saved) });
      notify(settingsMessages.weightsReset, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <SettingsCard
      title="Planner default weights"
      summary="How the planner trades food waste against variety and preferences for every user. Waste per gram is the unit: the other weights are worth that many grams."
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        {serverError ? (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          {names.map((name) => {
            const { label, help } = weightLabel(name);
            return (
              <Grid key={name} size={{ xs: 12, sm: 6, xl: 4 }}>
                <Controller
                  control={control}
                  name={`weights.${name}`}
                  render={({ field, fieldState }) => (
                    <TextField
                      label={label}
                      type="number"
                      name={field.name}
                      inputRef={field.ref}
                      // NaN while the box is empty: the schema refuses it.
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(event) =>
                        field.onChange(
                          event.target.value === ''
                            ? Number.NaN
                            : Number(event.target.value),
                        )
                      }
                      onBlur={field.onBlur}
                      error={fieldState.invalid}
                      helperText={
                        fieldState.error?.message ??
                        `${help} Default ${String(settings.plannerWeightDefaults[name])}.`
                      }
                      slotProps={{ htmlInput: { min: 0, step: 'any' } }}
                    />
                  )}
                />
              </Grid>
            );
          })}
        </Grid>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button
            startIcon={<RestartAltRounded />}
            disabled={saving || resetting}
            onClick={() => void onReset()}
          >
            {resetting ? 'Resetting…' : 'Reset to defaults'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving || resetting}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : 'Save weights'}
          </Button>
        </Stack>
      </Box>
    </SettingsCard>
  );
}

/** Admin settings (issue 12): sign-up, outgoing e-mail, planner weights. */
export function AdminSettingsPanel() {
  const { data, error, isLoading, refetch } =
    useGetAdminSettingsQuery(undefined);
  const sessionExpired = useAdminSessionExpiry();
  useEffect(() => {
    if (error) sessionExpired(error);
  }, [error, sessionExpired]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Settings
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          How this Platewise runs, for everyone.
        </Typography>
      </Box>
      {isLoading ? (
        <Stack
          direction="row"
          spacing={2}
          role="status"
          sx={{ alignItems: 'center', py: 4 }}
        >
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">Loading settings…</Typography>
        </Stack>
      ) : null}
      {!data && error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {settingsMessages.loadFailed}
        </Alert>
      ) : null}
      {data ? (
        <>
          <SignupCard settings={data} />
          <MailCard settings={data} />
          <WeightsCard settings={data} />
        </>
      ) : null}
    </Stack>
  );
}
