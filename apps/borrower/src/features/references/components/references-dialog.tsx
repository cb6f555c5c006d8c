import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  cleanReferenceName,
  digitsOnly,
  LABOUR_REFERENCE_TYPES,
  makeReferencesSchema,
  PERSONAL_REFERENCE_TYPES,
  REFERENCE_TYPE_LABELS,
  PROFILE_SAVING_LABEL,
  type ReferenceField,
  type ReferencesPayload,
} from '@prestamos-hn/domain';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useSaveReferences } from '../api/save-references';

export const REFERENCES_TITLE = 'Completa tus referencias';
export const REFERENCES_SAVED_TITLE = '¡Gracias!';
export const CONTINUE_APPLICATION_LABEL = 'Continuar con mi solicitud';

const referencesSchema = makeReferencesSchema({ variant: 'modal' });

export type ReferenceValues = Record<ReferenceField, string>;

interface ReferencesDialogProps {
  open: boolean;
  /** The references as the profile has them ('' when missing). */
  initialValues: ReferenceValues;
  onClose: () => void;
  /** 'Continuar con mi solicitud': by default to /Aplicar with a reload (SPEC section 2). */
  onContinue?: () => void;
}

function continueToApplication() {
  window.location.hash = '#/Aplicar';
  window.location.reload();
}

/**
 * The references modal of the home screen: the personal and the labour reference, saved with
 * putProfile.php; then a thank-you view with 'Continuar con mi solicitud'.
 */
export function ReferencesDialog({
  open,
  initialValues,
  onClose,
  onContinue = continueToApplication,
}: ReferencesDialogProps) {
  const save = useSaveReferences();
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      fullWidth={false}
      aria-labelledby="references-dialog-title"
      slotProps={{ transition: { onExited: () => save.reset() } }}
    >
      {save.isSuccess ? (
        <>
          <DialogTitle id="references-dialog-title">{REFERENCES_SAVED_TITLE}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Guardamos tus referencias. Ya puedes continuar con tu solicitud de préstamo.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onContinue} autoFocus>
              {CONTINUE_APPLICATION_LABEL}
            </Button>
          </DialogActions>
        </>
      ) : (
        <ReferencesForm
          initialValues={initialValues}
          onCancel={onClose}
          onSubmit={(references) => save.mutate(references)}
          isSaving={save.isPending}
          error={save.error?.message ?? null}
        />
      )}
    </ResponsiveDialog>
  );
}

function ReferencesForm({
  initialValues,
  onCancel,
  onSubmit,
  isSaving,
  error,
}: {
  initialValues: ReferenceValues;
  onCancel: () => void;
  onSubmit: (references: ReferencesPayload) => void;
  isSaving: boolean;
  error: string | null;
}) {
  const { control, handleSubmit, formState } = useForm<ReferenceValues, unknown, ReferencesPayload>({
    resolver: zodResolver(referencesSchema) as unknown as Resolver<
      ReferenceValues,
      unknown,
      ReferencesPayload
    >,
    mode: 'onChange',
    defaultValues: initialValues,
  });

  const section = (kind: 'per' | 'lab') => {
    const isPersonal = kind === 'per';
    const who = isPersonal ? 'personal' : 'laboral';
    const types = isPersonal ? PERSONAL_REFERENCE_TYPES : LABOUR_REFERENCE_TYPES;
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
          Referencia {who}
        </Typography>
        <Controller
          name={`ref_tipo_${kind}`}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              required
              label={`Tipo de referencia ${who}`}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {types.map((type) => (
                <MenuItem key={type} value={type}>
                  {REFERENCE_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name={`ref_nom_${kind}`}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(cleanReferenceName(event.target.value))}
              required
              label={`Nombre de la referencia ${who}`}
              autoComplete="off"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name={`ref_tel_${kind}`}
          control={control}
          rules={{ deps: [isPersonal ? 'ref_tel_lab' : 'ref_tel_per'] }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
              required
              label={`Teléfono de la referencia ${who}`}
              type="tel"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name={`ref_correo_${kind}`}
          control={control}
          rules={{ deps: [isPersonal ? 'ref_correo_lab' : 'ref_correo_per'] }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={`Correo de la referencia ${who} (opcional)`}
              type="email"
              autoComplete="off"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </Box>
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'contents' }}>
      <DialogTitle id="references-dialog-title">{REFERENCES_TITLE}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 3 }}>
        <DialogContentText>
          Para continuar con tu solicitud necesitamos una referencia personal y una laboral.
        </DialogContentText>
        {section('per')}
        {section('lab')}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={!formState.isValid || isSaving}>
          {isSaving ? PROFILE_SAVING_LABEL : 'Guardar'}
        </Button>
      </DialogActions>
    </Box>
  );
}
