import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INGREDIENT_LINE_MAX, recipeMessages } from '@platewise/shared';
import { useId } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
} from 'react-hook-form';

import {
  useIngredientPreview,
  type IngredientLinePreview,
} from '../../hooks/use-ingredient-preview';
import { recipeManagementMessages } from '../../utils/recipe-messages';
import { visuallyHidden } from './visually-hidden';

const amountFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
});

/** The fractions recipes are written in, as the parser's decimals. */
const FRACTIONS: readonly [number, string][] = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [3 / 8, '⅜'],
  [1 / 2, '½'],
  [5 / 8, '⅝'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [7 / 8, '⅞'],
];

/** 0.25 as ¼ and 1.5 as 1½, as a cook wrote them; other numbers as decimals. */
export function formatQuantity(value: number): string {
  const whole = Math.floor(value);
  const part = value - whole;
  if (part < 0.005) return amountFormat.format(whole);
  const fraction = FRACTIONS.find(([size]) => Math.abs(part - size) < 0.005);
  if (!fraction) return amountFormat.format(value);
  return whole > 0 ? `${String(whole)}${fraction[1]}` : fraction[1];
}

/** "1–2 tbsp", "200 g", "3" or nothing. */
export function formatAmount(
  quantity: number | null,
  quantityMax: number | null,
  unit: string | null,
): string {
  const amount =
    quantity === null
      ? ''
      : quantityMax !== null && quantityMax !== quantity
        ? `${formatQuantity(quantity)}–${formatQuantity(quantityMax)}`
        : formatQuantity(quantity);
  return [amount, unit ?? ''].filter(Boolean).join(' ');
}

/** A catalogue id as a name: 'olive-oil' is olive oil. */
const catalogueName = (id: string) => id.replace(/[-_]+/g, ' ');

function PreviewRow({ item }: { item: IngredientLinePreview }) {
  let amount = '';
  let name: string = item.line;
  let status;
  if (item.status === 'parsed') {
    const { quantity, quantityMax, unit, ingredient, ingredientId } =
      item.parsed;
    amount = formatAmount(quantity, quantityMax, unit);
    name = ingredient;
    status = ingredientId ? (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        icon={<CheckCircleRounded />}
        title={`In the catalogue as ${catalogueName(ingredientId)}`}
        label={
          <>
            <Box component="span" sx={visuallyHidden}>
              In the catalogue as{' '}
            </Box>
            {catalogueName(ingredientId)}
          </>
        }
      />
    ) : (
      <Chip
        size="small"
        color="warning"
        icon={<WarningAmberRounded />}
        label={recipeManagementMessages.notInCatalogue}
      />
    );
  } else if (item.status === 'too-long') {
    status = (
      <Chip
        size="small"
        color="error"
        label={recipeMessages.ingredientLineTooLong}
      />
    );
  } else {
    status = (
      <Typography variant="caption" color="text.secondary">
        Reading…
      </Typography>
    );
  }
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '6.5rem 1fr auto' },
        columnGap: 1.5,
        rowGap: 0.25,
        alignItems: 'center',
        py: 1,
        px: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Typography
        variant="body2"
        sx={{
          fontVariantNumeric: 'tabular-nums',
          color: amount ? 'text.primary' : 'text.disabled',
          gridColumn: { xs: '1 / 2', sm: 'auto' },
        }}
      >
        {amount || '—'}
      </Typography>
      <Box
        sx={{
          minWidth: 0,
          gridColumn: { xs: '1 / 3', sm: 'auto' },
          gridRow: { xs: 2, sm: 'auto' },
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          component="p"
          title={item.line}
        >
          {item.line}
        </Typography>
      </Box>
      <Box
        sx={{
          justifySelf: 'end',
          gridColumn: { xs: '2 / 3', sm: 'auto' },
          gridRow: { xs: 1, sm: 'auto' },
        }}
      >
        {status}
      </Box>
    </Box>
  );
}

/**
 * The ingredients box, one ingredient per line, with the parser's reading
 * of each line under it: amount, unit, the catalogue ingredient, and a flag
 * on a line the catalogue does not know (such a line is saved as written,
 * but the planner cannot count it toward the shopping list).
 */
export function IngredientLinesField<
  TValues extends FieldValues,
  TContext,
  TOutput extends FieldValues,
>({
  control,
  name,
  label,
}: {
  control: Control<TValues, TContext, TOutput>;
  name: Path<TValues>;
  label: string;
}) {
  const previewId = useId();
  const text = useWatch({ control, name }) as string | undefined;
  const { items, parsing, error } = useIngredientPreview(text ?? '');
  const unresolved = items.filter(
    (item) => item.status === 'parsed' && !item.parsed.ingredientId,
  ).length;
  return (
    <Stack spacing={1.5}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            label={label}
            required
            multiline
            minRows={4}
            maxRows={14}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ??
              `One ingredient per line, e.g. “200 g baby spinach”. Lines over ${INGREDIENT_LINE_MAX} characters are refused.`
            }
            slotProps={{
              htmlInput: { 'aria-describedby': previewId, spellCheck: false },
            }}
          />
        )}
      />
      {items.length > 0 ? (
        <Paper variant="outlined" id={previewId} sx={{ overflow: 'hidden' }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{
              alignItems: 'center',
              px: 1.5,
              py: 1,
              bgcolor: 'action.hover',
            }}
          >
            <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
              As the planner reads them
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              role="status"
              aria-live="polite"
            >
              {parsing
                ? 'Reading…'
                : unresolved > 0
                  ? `${String(unresolved)} not in the catalogue`
                  : ''}
            </Typography>
            {parsing ? <CircularProgress size={14} aria-hidden="true" /> : null}
          </Stack>
          {error ? (
            <Alert severity="warning" sx={{ borderRadius: 0 }}>
              The lines could not be read just now: {error} They are read again
              when you save.
            </Alert>
          ) : null}
          <Box
            component="ul"
            aria-label="Parsed ingredients"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {items.map((item, index) => (
              <PreviewRow key={`${String(index)}:${item.line}`} item={item} />
            ))}
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
}
