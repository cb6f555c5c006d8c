import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SENDING_LABEL, STAGE_2_SAVE_LABEL, type IsoDate, type Stage2Payload } from '@prestamos-hn/domain';
import { useMemo } from 'react';
import { useRegisterStage2 } from '../api/register-stage-2';
import { stage2DialogConfig } from '../utils/field-configs';
import { ConfigFields, useConfigForm, type ConfigFieldLists } from './config-field';
import { FormDialogActions } from './form-dialog-actions';

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
  const config = useMemo(() => stage2DialogConfig(today), [today]);
  const register = useRegisterStage2();
  const configForm = useConfigForm(config, {});
  const { form } = configForm;

  const save = form.handleSubmit((parsed) => {
    register.mutate(parsed as Stage2Payload);
  });
  const close = () => {
    if (register.isPending) return;
    onClose();
    if (register.isSuccess) register.reset();
  };

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby="stage-2-title">
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
              <ConfigFields configForm={configForm} lists={lists} idPrefix="stage-2" />
              <CallResultAlert error={register.error} />
            </Box>
          </DialogContent>
          <FormDialogActions
            formId="stage-2-form"
            onClose={close}
            isValid={form.formState.isValid}
            isSaving={register.isPending}
            saveLabel={STAGE_2_SAVE_LABEL}
            savingLabel={SENDING_LABEL}
          />
        </>
      )}
    </ResponsiveDialog>
  );
}
