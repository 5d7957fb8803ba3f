import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import NoFoodRounded from '@mui/icons-material/NoFoodRounded';
import RestaurantMenuRounded from '@mui/icons-material/RestaurantMenuRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DIET_LABELS,
  type Day,
  type Diet,
  type MealPlan,
  type MealSlot,
  type UserId,
} from '@platewise/shared';
import { useId, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';

import { useSaveAllSettings } from '../hooks/use-save-all-settings';
import {
  useLoginRedirect,
  useSavedSettings,
} from '../hooks/use-saved-settings';
import { settingsEdits, useSettingsForm } from '../hooks/use-settings-form';
import {
  isUnauthorized,
  saveErrorMessage,
  useSettingsSaver,
} from '../hooks/use-settings-saver';
import { settingsMessages } from '../preferences-messages';
import { normaliseSchedule } from '../utils/settings';
import { DietTiles } from './diet-tiles';
import { PreferencesDialog } from './preferences-dialog';
import { parseServingSize, ServingSizeField } from './serving-size-field';
import { WeeklySchedule } from './weekly-schedule';
import { WeeknightTimeField } from './weeknight-time-field';

export interface AllergenSelection {
  allergens: Array<number | string>;
  customAllergens: string[];
}

/** What the page hands the Allergens dialog (composed by the route). */
export interface AllergensDialogSlot {
  open: boolean;
  initial: AllergenSelection;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (choice: AllergenSelection) => Promise<boolean>;
}

const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

function SectionCard({
  title,
  summary,
  action,
  children,
}: {
  title: string;
  summary: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent
        sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            gap: 1,
            mb: 2,
          }}
        >
          <Box sx={{ flex: '1 1 240px' }}>
            <Typography id={id} variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {summary}
            </Typography>
          </Box>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** One of the three buttons: its name, then what is chosen now. */
function ChoiceButton({
  label,
  icon,
  summary,
  error,
  expanded,
  controls,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  summary: string;
  error?: string;
  expanded?: boolean;
  controls?: string;
  onClick: () => void;
}) {
  const summaryId = useId();
  return (
    <Box sx={{ minWidth: 0 }}>
      <ButtonBase
        onClick={onClick}
        aria-expanded={expanded}
        aria-controls={controls}
        aria-haspopup={expanded === undefined ? 'dialog' : undefined}
        aria-describedby={summaryId}
        sx={(theme) => ({
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1.5,
          p: 2,
          borderRadius: '16px',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: expanded ? 'action.selected' : 'background.paper',
          transition: theme.transitions.create([
            'border-color',
            'background-color',
          ]),
          '&:hover': { borderColor: 'primary.main' },
          '&.Mui-focusVisible': {
            outline: `3px solid ${theme.vars.palette.primary.main}`,
            outlineOffset: 2,
          },
        })}
      >
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: 2,
            color: 'primary.main',
            bgcolor: 'action.hover',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="span"
            sx={{ display: 'block', fontWeight: 700 }}
          >
            {label}
          </Typography>
          <Typography
            id={summaryId}
            component="span"
            aria-hidden
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ display: 'block' }}
          >
            {summary}
          </Typography>
        </Box>
        {expanded === undefined ? null : (
          <ExpandMoreRounded
            aria-hidden
            sx={{
              color: 'text.secondary',
              transform: expanded ? 'rotate(180deg)' : 'none',
              transition: 'transform 150ms',
            }}
          />
        )}
      </ButtonBase>
      {error ? (
        <FormHelperText error role="alert" sx={{ mx: 1 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function ScheduleSkeleton() {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          lg: 'repeat(3, 1fr)',
        },
      }}
    >
      {Array.from({ length: 7 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={104} />
      ))}
    </Box>
  );
}

/**
 * Manage Setting (spec point 2, "Settings"): the weekly schedule, the three
 * choices (Dietary Restrictions, Allergens, Preference), the serving size
 * and Save All Settings. Everything edits the page's own form (a draft of
 * the saved settings, which stay in RTK Query's cache); the Allergens dialog
 * comes from its own feature and the plan call from the meal-plans feature,
 * both through the route.
 */
export function ManageSettings({
  userId,
  planCreatedAt,
  generatePlan,
  renderAllergensDialog,
}: {
  userId: UserId | null;
  /**
   * When the stored plan was generated, null when there is none (or it is
   * still loading): 'No changes detected' needs it. The route reads the plan.
   */
  planCreatedAt: string | null;
  /** Makes and stores a new plan from the saved settings. */
  generatePlan: (userId: string) => Promise<MealPlan>;
  renderAllergensDialog: (slot: AllergensDialogSlot) => ReactNode;
}) {
  const form = useSettingsForm();
  const settings = form.watch();
  const { getValues, setValue } = form;
  const edits = settingsEdits(getValues, setValue);
  const toLogin = useLoginRedirect();
  const { loadState, retry, saved } = useSavedSettings(userId, (loaded) =>
    form.reset(loaded),
  );
  const { saveCurrent } = useSettingsSaver(userId, getValues);

  // The serving size as typed; the form takes it once it is valid.
  const [servingText, setServingText] = useState(String(settings.servingSize));
  const [servingShown, setServingShown] = useState(settings.servingSize);
  const [servingTouched, setServingTouched] = useState(false);
  if (servingShown !== settings.servingSize) {
    // The form changed under the field (the saved settings arrived).
    setServingShown(settings.servingSize);
    if (parseServingSize(servingText).value !== settings.servingSize) {
      setServingText(String(settings.servingSize));
    }
  }
  const servingError = parseServingSize(servingText).error;

  const { saveAll, saving, errors, clearError } = useSaveAllSettings({
    userId,
    saved,
    plan: planCreatedAt === null ? undefined : { created_at: planCreatedAt },
    saveCurrent,
    generatePlan,
    getSettings: getValues,
    servingSizeError: servingError,
  });

  const [dietOpen, setDietOpen] = useState(true);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [allergensOpen, setAllergensOpen] = useState(false);
  const [allergenSaving, setAllergenSaving] = useState(false);
  const [allergenError, setAllergenError] = useState<string | null>(null);
  // The choice when the dialog opened: its draft starts here, and Cancel
  // returns the form to it.
  const [allergenSnapshot, setAllergenSnapshot] = useState<AllergenSelection>({
    allergens: [],
    customAllergens: [],
  });
  const dietPanelId = useId();
  const dietHeadingId = useId();

  const schedule = normaliseSchedule(settings.weeklySchedule);
  const { likes, dislikes } = settings.preferences;
  const allergenCount =
    settings.allergens.length + settings.customAllergens.length;

  const onSaveError = (error: unknown): string | null => {
    if (isUnauthorized(error)) {
      toLogin();
      return null;
    }
    return saveErrorMessage(error);
  };

  const allergensSlot: AllergensDialogSlot = {
    open: allergensOpen,
    initial: allergenSnapshot,
    saving: allergenSaving,
    error: allergenError,
    onCancel: () => {
      // A failed save left its choice in the form; Cancel takes it back.
      edits.allergensConfirmed(allergenSnapshot);
      setAllergensOpen(false);
    },
    onSave: async (choice) => {
      setAllergenSaving(true);
      setAllergenError(null);
      edits.allergensConfirmed(choice);
      try {
        await saveCurrent();
        setAllergensOpen(false);
        clearError('allergens');
        return true;
      } catch (error) {
        setAllergenError(onSaveError(error));
        return false;
      } finally {
        setAllergenSaving(false);
      }
    },
  };

  return (
    <FormProvider {...form}>
      <Stack spacing={3} aria-busy={saving} sx={{ maxWidth: 1200, pb: 2 }}>
        <div>
          <Typography variant="h4" component="h1" gutterBottom>
            Manage Setting
          </Typography>
          <Typography color="text.secondary">
            Tell Platewise when you cook and what you eat. Save All Settings
            plans your week from them.
          </Typography>
        </div>

        {loadState === 'failed' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                Retry
              </Button>
            }
          >
            {settingsMessages.loadFailed} What you see may not be what is saved.
          </Alert>
        ) : null}

        <SectionCard
          title="Weekly Schedule"
          summary="Turn on the days you cook and tick the meals to plan."
        >
          {loadState === 'loading' ? (
            <ScheduleSkeleton />
          ) : (
            <WeeklySchedule
              schedule={schedule}
              error={errors.schedule}
              onSwitch={(day: Day, enabled: boolean) => {
                edits.scheduleDaySwitched(day, enabled);
                clearError('schedule');
              }}
              onToggleMeal={(day: Day, slot: MealSlot, checked: boolean) => {
                edits.scheduleMealToggled(day, slot, checked);
                clearError('schedule');
              }}
              onPreset={(preset) => {
                edits.schedulePresetChosen(preset);
                clearError('schedule');
              }}
            />
          )}
        </SectionCard>

        <SectionCard
          title="Diet and Preferences"
          summary="What the planner must leave out, and what it should favour."
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: {
                xs: '1fr',
                md: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            <ChoiceButton
              label="Dietary Restrictions"
              icon={<RestaurantMenuRounded />}
              summary={DIET_LABELS[settings.dietaryPreference]}
              error={errors.diet}
              expanded={dietOpen}
              controls={dietPanelId}
              onClick={() => setDietOpen((open) => !open)}
            />
            <ChoiceButton
              label="Allergens"
              icon={<NoFoodRounded />}
              summary={
                allergenCount === 0
                  ? 'None chosen'
                  : plural(allergenCount, 'allergen', 'allergens')
              }
              error={errors.allergens}
              onClick={() => {
                setAllergenSnapshot({
                  allergens: [...settings.allergens],
                  customAllergens: [...settings.customAllergens],
                });
                setAllergenError(null);
                setAllergensOpen(true);
              }}
            />
            <ChoiceButton
              label="Preference"
              icon={<TuneRounded />}
              summary={[
                plural(likes.length, 'like', 'likes'),
                plural(dislikes.length, 'dislike', 'dislikes'),
                settings.proteinLevel ?? 'Any protein',
              ].join(' · ')}
              error={errors.preferences}
              onClick={() => setPreferencesOpen(true)}
            />
          </Box>
          <Collapse in={dietOpen} id={dietPanelId}>
            <Box sx={{ pt: 3 }}>
              <Typography
                id={dietHeadingId}
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 700, mb: 1.5 }}
              >
                Dietary Restrictions
              </Typography>
              <DietTiles
                value={settings.dietaryPreference}
                labelledBy={dietHeadingId}
                error={errors.diet}
                onChange={(diet: Diet) => {
                  edits.dietChosen(diet);
                  clearError('diet');
                }}
              />
            </Box>
          </Collapse>
        </SectionCard>

        <Card component="section" aria-label="Save your settings">
          <CardContent
            sx={{
              p: { xs: 2, sm: 3 },
              '&:last-child': { pb: { xs: 2, sm: 3 } },
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'stretch', sm: 'flex-start' },
              justifyContent: 'space-between',
              gap: 2,
            }}
          >
            <Box
              sx={{
                display: 'flex',
                flex: 1,
                flexDirection: { xs: 'column', sm: 'row' },
                flexWrap: 'wrap',
                gap: 2,
              }}
            >
              <ServingSizeField
                value={servingText}
                error={
                  servingTouched || servingText.trim() !== ''
                    ? (servingError ?? errors.servingSize ?? null)
                    : null
                }
                onChange={(text) => {
                  setServingText(text);
                  const { value } = parseServingSize(text);
                  if (value !== null) {
                    edits.servingSizeEntered(value);
                    clearError('servingSize');
                  }
                }}
                onBlur={() => setServingTouched(true)}
              />
              <WeeknightTimeField
                value={settings.weeknightCookingTime}
                error={errors.cookingTime}
                onChange={(minutes) => {
                  edits.weeknightCookingTimeChosen(minutes);
                  clearError('cookingTime');
                }}
              />
            </Box>
            <Button
              variant="contained"
              size="large"
              disabled={saving || loadState === 'loading'}
              onClick={() => {
                setServingTouched(true);
                void saveAll();
              }}
              sx={{ alignSelf: { sm: 'center' } }}
            >
              Save All Settings
            </Button>
          </CardContent>
        </Card>

        <PreferencesDialog
          open={preferencesOpen}
          onClose={() => setPreferencesOpen(false)}
          saveCurrent={saveCurrent}
          onSaveError={onSaveError}
        />
        {renderAllergensDialog(allergensSlot)}

        {/* The spec's generator took up to 2 minutes; ours answers in
          milliseconds, so this shows only on a slow network. In a portal,
          so it covers the whole viewport, app bar included, whatever the
          page's own layout (issue 21); the message sits on a paper card in
          the theme's colours, so it reads in both themes and while the
          backdrop fades in. */}
        <Portal>
          <Backdrop
            open={saving}
            transitionDuration={{ enter: 120, exit: 200 }}
            sx={(theme) => ({
              zIndex: theme.zIndex.modal + 1,
              position: 'fixed',
              inset: 0,
              bgcolor: 'rgba(0, 0, 0, 0.6)',
              px: 3,
            })}
          >
            {saving ? (
              <Paper
                elevation={8}
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 2,
                  px: 4,
                  py: 3,
                  maxWidth: 440,
                  textAlign: 'center',
                }}
              >
                <CircularProgress aria-hidden />
                <Typography role="status" sx={{ fontWeight: 600 }}>
                  {settingsMessages.saving}
                </Typography>
              </Paper>
            ) : null}
          </Backdrop>
        </Portal>
      </Stack>
    </FormProvider>
  );
}
