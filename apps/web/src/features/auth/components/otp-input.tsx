import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OTP_LENGTH } from '@platewise/shared';
import {
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';

const EMPTY = ' ';

/** The digit in each box; an empty box is a space inside the value. */
function cellsOf(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => {
    const char = value.charAt(index);
    return /\d/.test(char) ? char : '';
  });
}

function valueOf(cells: string[]): string {
  return cells
    .map((cell) => cell || EMPTY)
    .join('')
    .trimEnd();
}

/**
 * The six one-digit boxes of spec point 5. Typing a digit moves to the next
 * box; a pasted (or autofilled) code fills every box; Backspace on an empty
 * box moves back; the arrow keys move too. The value is the digits in order,
 * with a space for a box left empty, so a gap never passes as a shorter code.
 */
export function OtpInput({
  value,
  onChange,
  length = OTP_LENGTH,
  disabled = false,
  error = false,
  inputRef,
  describedBy,
}: {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  disabled?: boolean;
  error?: boolean;
  /** The first box: where the form puts focus. */
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
}) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const cells = cellsOf(value, length);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Puts `digits` into the boxes from `start` on, then moves past them. */
  const fillFrom = (start: number, digits: string) => {
    const next = [...cells];
    const from = digits.length >= length ? 0 : start;
    const used = digits.slice(0, length - from);
    [...used].forEach((digit, offset) => {
      next[from + offset] = digit;
    });
    onChange(valueOf(next));
    focusBox(from + used.length);
  };

  const handleChange = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length === 0) {
      const next = [...cells];
      next[index] = '';
      onChange(valueOf(next));
      return;
    }
    if (digits.length >= length) {
      fillFrom(0, digits);
      return;
    }
    // The box held a digit and got another: keep the one just typed.
    const typed = cells[index] ? digits.replace(cells[index], '') : digits;
    const digit = (typed || digits).slice(-1);
    const next = [...cells];
    next[index] = digit;
    onChange(valueOf(next));
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent) => {
    if (event.key === 'Backspace' && !cells[index] && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) fillFrom(index, digits);
  };

  return (
    <Box
      role="group"
      aria-label="Verification code"
      aria-describedby={describedBy}
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${length}, minmax(0, 56px))`,
        gap: { xs: 1, sm: 1.5 },
      }}
    >
      {cells.map((cell, index) => (
        <OutlinedInput
          key={index}
          value={cell}
          disabled={disabled}
          error={error}
          inputRef={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
            if (index === 0 && inputRef) {
              if (typeof inputRef === 'function') inputRef(element);
              else inputRef.current = element;
            }
          }}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          slotProps={{
            input: {
              'aria-label': `Digit ${index + 1} of ${length}`,
              inputMode: 'numeric',
              pattern: '[0-9]*',
              autoComplete: index === 0 ? 'one-time-code' : 'off',
            },
          }}
          sx={{
            height: { xs: 52, sm: 60 },
            '& input': {
              textAlign: 'center',
              fontSize: { xs: '1.35rem', sm: '1.6rem' },
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              p: 0,
            },
          }}
        />
      ))}
    </Box>
  );
}
