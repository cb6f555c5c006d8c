import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PROFILE_SAVING_LABEL } from '@prestamos-hn/domain';
import { useForm, useWatch } from 'react-hook-form';
import { useUpdateProfile, type ProfileChanges } from '../api/put-profile';
import type { DialogConfig } from '../utils/field-configs';
import {
  ConfigField,
  initialValues,
  visibleFields,
  type ConfigFieldLists,
  type FormValues,
  type ParsedValues,
} from './config-field';

interface EditFieldDialogProps {
  config: DialogConfig;
  /** The profile, whose fields fill the form. */
  current: Record<string, unknown>;
  lists: ConfigFieldLists;
  onClose: () => void;
}

/**
 * 'Editar': one dialog for every simple row, driven by its field config and checked by the domain
 * schema the server also applies. 'Guardar cambios' is enabled only when valid and not saving; it
 * reads 'Enviando....' while saving. On OK the profile is read again and the dialog closes.
 */
export function EditFieldDialog({ config, current, lists, onClose }: EditFieldDialogProps) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const update = useUpdateProfile();
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(config.schema as never) as never,
    mode: 'all',
    defaultValues: initialValues(config.fields, current),
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const fields = visibleFields(config.fields, values);

  const save = form.handleSubmit(async (parsed) => {
    const changes = Object.fromEntries(
      config.fields.map((field) => [field.name, fields.includes(field) ? parsed[field.name] : '']),
    ) as ProfileChanges;
    await update.mutateAsync(changes).then(onClose, () => undefined);
  });

  return (
    <Dialog open onClose={onClose} fullScreen={isSmall} fullWidth maxWidth="sm" aria-labelledby="edit-title">
      <DialogTitle id="edit-title">
        Editar
        <Typography component="span" sx={{ display: 'block' }} color="text.secondary">
          {config.title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="edit-form"
          noValidate
          onSubmit={save}
          sx={{ display: 'grid', gap: 1, pt: 1 }}
        >
          {fields.map((field) => (
            <ConfigField
              key={field.name}
              field={field}
              control={form.control}
              values={values}
              lists={lists}
              allFields={config.fields}
              setValue={form.setValue}
              idPrefix="edit"
            />
          ))}
          {config.hint && (
            <Alert severity="info" role="note" sx={{ mt: 1 }}>
              {config.hint}
            </Alert>
          )}
          {update.isError && (
            <Alert severity="error" role="alert">
              {update.error.message}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        <Button
          type="submit"
          form="edit-form"
          variant="contained"
          disabled={!form.formState.isValid || update.isPending}
        >
          {update.isPending ? PROFILE_SAVING_LABEL : 'Guardar cambios'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
