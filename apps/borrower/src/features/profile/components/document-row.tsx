import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { profileMessages, type ProfileFileField } from '@prestamos-hn/contract';
import { useId, useState } from 'react';
import { useUploadProfileFile } from '../api/upload-profile-file';
import type { RowAccess } from '../utils/editable-rows';
import { isAcceptedImage, prepareImageForUpload } from '../../../lib/scale-image';

interface DocumentRowProps {
  field: ProfileFileField;
  label: string;
  isUploaded: boolean;
  access: RowAccess;
  onLocked: (message: string) => void;
}

/**
 * One document: 'Subir' picks a photo (front ID png/jpg/jpeg, the others any image), scales it down
 * in the browser and uploads it with a progress bar.
 */
export function DocumentRow({ field, label, isUploaded, access, onLocked }: DocumentRowProps) {
  const inputId = useId();
  const [progress, setProgress] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useUploadProfileFile(setProgress);
  const isFrontId = field === 'file1';
  const error = localError ?? (upload.isError ? upload.error.message : null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setLocalError(null);
    if (!isAcceptedImage(file, isFrontId)) {
      setLocalError(isFrontId ? profileMessages.frontIdFormat : profileMessages.notAnImage);
      return;
    }
    setProgress(0);
    upload.mutate({ field, file: await prepareImageForUpload(file) });
  };

  const actionLabel = isUploaded ? 'Cambiar' : 'Subir';
  return (
    <ListItem
      divider
      sx={{ flexWrap: 'wrap', pr: 2 }}
      secondaryAction={
        access.isEditable ? (
          <Button
            component="label"
            htmlFor={inputId}
            size="small"
            variant="outlined"
            disabled={upload.isPending}
            aria-label={`${actionLabel} ${label}`}
          >
            {actionLabel}
            <input
              id={inputId}
              type="file"
              hidden
              accept={isFrontId ? 'image/png,image/jpeg,.png,.jpg,.jpeg' : 'image/*'}
              onChange={(event) => {
                void onFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onLocked(access.alert)}
            aria-label={`${actionLabel} ${label}`}
          >
            {actionLabel}
          </Button>
        )
      }
    >
      <ListItemText
        primary={label}
        secondary={error ?? (upload.isSuccess ? upload.data.message : isUploaded ? 'Cargado' : 'Pendiente')}
        slotProps={{
          secondary: {
            color: error || !isUploaded ? 'error' : 'text.secondary',
            role: error ? 'alert' : undefined,
          },
        }}
      />
      {upload.isPending && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={`Subiendo ${label}`}
          sx={{ width: '100%', mt: 1 }}
        />
      )}
    </ListItem>
  );
}
