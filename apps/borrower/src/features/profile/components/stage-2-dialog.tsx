import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SENDING_LABEL, STAGE_2_SAVE_LABEL, type IsoDate, type Stage2Payload } from '@prestamos-hn/domain';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useRegisterStage2 } from '../api/register-stage-2';
import { stage2DialogConfig } from '../utils/field-configs';
import {
  ConfigField,
  initialValues,
  type ConfigFieldLists,
  type FormValues,
  type ParsedValues,
} from './config-field';

interface Stage2DialogProps {
  open: boolean;
  today: IsoDate;
  lists: ConfigFieldLists;
  onClose: () => void;
}

/**
 * 'Completar registro' (registration stage 2), full screen on small screens: 'guardar' is enabled
 * only when every required answer is valid (the business type only for merchants); it ends with
 * 'Se registro correctamente.' and 'Terminar'.
 */
export function Stage2Dialog({ open, today, lists, onClose }: Stage2DialogProps) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const config = useMemo(() => stage2DialogConfig(today), [today]);
  const register = useRegisterStage2();
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(config.schema as never) as never,
    mode: 'all',
    defaultValues: initialValues(config.fields, {}),
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const fields = config.fields.filter((field) => !field.isVisible || field.isVisible(values));

  const save = form.handleSubmit((parsed) => {
    register.mutate(parsed as Stage2Payload);
  });
  const close = () => {
    if (register.isPending) return;
    onClose();
    if (register.isSuccess) register.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={isSmall}
      fullWidth
      maxWidth="sm"
      aria-labelledby="stage-2-title"
    >
      <DialogTitle id="stage-2-title">Completar registro</DialogTitle>
      {register.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {register.data.message}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Terminar
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Responde estas preguntas para completar tu registro.
            </DialogContentText>
            <Box
              component="form"
              id="stage-2-form"
              noValidate
              onSubmit={save}
              sx={{ display: 'grid', gap: 1 }}
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
                  idPrefix="stage-2"
                />
              ))}
              {register.isError && (
                <Alert severity="error" role="alert">
                  {register.error.message}
                </Alert>
              )}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cerrar</Button>
            <Button
              type="submit"
              form="stage-2-form"
              variant="contained"
              disabled={!form.formState.isValid || register.isPending}
            >
              {register.isPending ? SENDING_LABEL : STAGE_2_SAVE_LABEL}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
