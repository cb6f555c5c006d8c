import Button from '@mui/material/Button';
import { MessageDialog } from '../../../components/message-dialog';

interface PreApprovedLoanDialogProps {
  open: boolean;
  /** 'Ir a formulario': opens stage 2 (the stage-2 form arrives with the profile issue). */
  onGoToForm: () => void;
}

/** Right after registration: the invitation to complete stage 2 (SPEC section 2). */
export function PreApprovedLoanDialog({ open, onGoToForm }: PreApprovedLoanDialogProps) {
  return (
    <MessageDialog
      open={open}
      onClose={onGoToForm}
      id="pre-approved"
      title="Tienes un préstamo preaprobado"
      text="Para completarla, responde las siguientes preguntas."
      actions={
        <Button variant="contained" onClick={onGoToForm}>
          Ir a formulario
        </Button>
      }
    />
  );
}
