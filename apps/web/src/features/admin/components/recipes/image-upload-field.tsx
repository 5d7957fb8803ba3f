import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';

import {
  acceptImageFiles,
  IMAGE_ACCEPT,
  MAX_UPLOAD_FILES,
} from '../../utils/recipe-form';

/** A chosen file and the object URL of its preview. */
export interface ChosenImage {
  id: number;
  file: File;
  previewUrl: string;
}

let nextImageId = 1;

/**
 * The chosen images of the add form. Object URLs hold the file in memory
 * until revoked: each is revoked when its image is removed and, for the
 * rest, when the form unmounts.
 */
export function useChosenImages() {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const current = useRef(images);
  useEffect(() => {
    current.current = images;
  }, [images]);
  useEffect(
    () => () => {
      for (const image of current.current) {
        URL.revokeObjectURL(image.previewUrl);
      }
    },
    [],
  );
  const add = (files: readonly File[]) => {
    const chosen = files.map((file) => ({
      id: nextImageId++,
      file,
      previewUrl: URL.createObjectURL(file),
    }));
    setImages((previous) => [...previous, ...chosen]);
  };
  const remove = (id: number) => {
    const image = current.current.find((candidate) => candidate.id === id);
    if (image) URL.revokeObjectURL(image.previewUrl);
    setImages((previous) =>
      previous.filter((candidate) => candidate.id !== id),
    );
  };
  return { images, add, remove };
}

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${sizeFormat.format(bytes / 1024)} KB`
    : `${sizeFormat.format(bytes / (1024 * 1024))} MB`;

/**
 * Image upload (spec point 5): JPEG, PNG or GIF, several at once, each
 * previewed with a remove button. A button opens the file picker, so the
 * field works from the keyboard; the server checks each file's content.
 */
export function ImageUploadField({
  images,
  onAdd,
  onRemove,
  disabled = false,
}: {
  images: readonly ChosenImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);
  const full = images.length >= MAX_UPLOAD_FILES;

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateRounded />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || full}
          aria-describedby={helpId}
          sx={{ alignSelf: { xs: 'stretch', sm: 'auto' }, flexShrink: 0 }}
        >
          Upload images
        </Button>
        <Typography id={helpId} variant="body2" color="text.secondary">
          JPEG, PNG or GIF, up to {MAX_UPLOAD_FILES} images of 5 MB each.
        </Typography>
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label="Image files"
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // The same file can be picked again after it was removed.
          event.target.value = '';
          const { accepted, error: refused } = acceptImageFiles(
            picked,
            images.length,
          );
          setError(refused);
          if (accepted.length > 0) onAdd(accepted);
        }}
      />
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
      {images.length > 0 ? (
        <Box
          component="ul"
          aria-label="Chosen images"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
          }}
        >
          {images.map((image) => (
            <Box
              component="li"
              key={image.id}
              sx={{
                position: 'relative',
                borderRadius: 2,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
              }}
            >
              <Box
                component="img"
                src={image.previewUrl}
                alt={`Preview of ${image.file.name}`}
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                }}
              />
              <Typography
                variant="caption"
                component="p"
                noWrap
                title={image.file.name}
                sx={{ px: 1, py: 0.5 }}
              >
                {image.file.name} · {fileSize(image.file.size)}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${image.file.name}`}
                onClick={() => {
                  setError(null);
                  onRemove(image.id);
                }}
                disabled={disabled}
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'background.paper',
                  boxShadow: 1,
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
