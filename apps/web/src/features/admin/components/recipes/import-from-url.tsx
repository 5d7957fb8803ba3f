import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isHttpUrl,
  messages,
  RECIPE_URL_MAX,
  type RecipeDraft,
} from '@platewise/shared';
import { useId, useState } from 'react';

import { useImportRecipeDraftMutation } from '../../admin-recipes-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { describeAdminError } from '../../utils/admin-messages';

/**
 * 'Import from URL': the server reads a recipe page into a draft, which
 * fills the add form for review; nothing is stored until the admin saves.
 * It sits inside the add form, so Enter here imports instead of submitting.
 */
export function ImportFromUrl({
  onDraft,
  disabled = false,
}: {
  onDraft: (draft: RecipeDraft, pageUrl: string) => void;
  disabled?: boolean;
}) {
  const headingId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [importDraft, { isLoading }] = useImportRecipeDraftMutation();
  const sessionExpired = useAdminSessionExpiry();

  const run = async () => {
    const address = url.trim();
    if (!isHttpUrl(address)) {
      setError(messages.validation.invalidUrl);
      return;
    }
    setError(null);
    try {
      const draft = await importDraft({ url: address }).unwrap();
      onDraft(draft, address);
    } catch (failure) {
      if (sessionExpired(failure)) return;
      setError(describeAdminError(failure));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3">
        Import from a recipe page
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The page’s recipe fills the form below for you to review.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Recipe page URL"
          type="url"
          size="small"
          fullWidth
          autoComplete="off"
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void run();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? undefined}
          disabled={disabled || isLoading}
          slotProps={{ htmlInput: { maxLength: RECIPE_URL_MAX } }}
        />
        <Button
          variant="outlined"
          startIcon={<CloudDownloadRounded />}
          onClick={() => void run()}
          disabled={disabled || isLoading}
          aria-busy={isLoading}
          sx={{ flexShrink: 0, height: 40, whiteSpace: 'nowrap' }}
        >
          {isLoading ? 'Importing…' : 'Import from URL'}
        </Button>
      </Stack>
    </Box>
  );
}
