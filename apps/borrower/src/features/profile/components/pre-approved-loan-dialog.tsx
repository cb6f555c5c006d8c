import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface PreApprovedLoanDialogProps {
  open: boolean;
  /** 'Ir a formulario': opens stage 2 (the stage-2 form arrives with the profile issue). */
  onGoToForm: () => void;
}

/** Right after registration: the invitation to complete stage 2 (SPEC section 2). */
export function PreApprovedLoanDialog({ open, onGoToForm }: PreApprovedLoanDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onGoToForm}
      aria-labelledby="pre-approved-title"
      aria-describedby="pre-approved-description"
    >
      <DialogTitle id="pre-approved-title">Tienes un préstamo preaprobado</DialogTitle>
      <DialogContent>
        <DialogContentText id="pre-approved-description">
          Para completarla, responde las siguientes preguntas.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onGoToForm}>
          Ir a formulario
        </Button>
      </DialogActions>
    </Dialog>
  );
}
