import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { isAcceptedImage } from '../../../lib/scale-image';
import { ATTACH_RECEIPT_LABEL, CHANGE_RECEIPT_LABEL, NOT_AN_IMAGE_TEXT } from '../utils/plan-texts';

interface ReceiptPhotoFieldProps {
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  /** The id of the text that says why the button is disabled. */
  describedBy?: string;
}

/** The receipt's photo: a button that picks an image (images only), then the chosen file's name. */
export function ReceiptPhotoField({ file, onFile, disabled = false, describedBy }: ReceiptPhotoFieldProps) {
  const inputId = useId();
  const statusId = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        disabled={disabled}
        aria-describedby={
          [describedBy, file || error ? statusId : undefined].filter(Boolean).join(' ') || undefined
        }
      >
        {file ? CHANGE_RECEIPT_LABEL : ATTACH_RECEIPT_LABEL}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          hidden
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            if (!isAcceptedImage(chosen, false)) {
              setError(NOT_AN_IMAGE_TEXT);
              onFile(null);
              return;
            }
            setError(null);
            onFile(chosen);
          }}
        />
      </Button>
      {error ? (
        <Typography id={statusId} role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      ) : (
        file && (
          <Typography id={statusId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {`Foto: ${file.name}`}
          </Typography>
        )
      )}
    </Box>
  );
}
