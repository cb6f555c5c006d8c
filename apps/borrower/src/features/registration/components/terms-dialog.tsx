import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface TermsDialogProps {
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** The privacy terms, 'Acepto' or 'No acepto'. The text is a placeholder until legal provides it (SPEC). */
export function TermsDialog({ open, onAccept, onDecline }: TermsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onDecline}
      scroll="paper"
      aria-labelledby="terms-title"
      aria-describedby="terms-description"
    >
      <DialogTitle id="terms-title">Términos y condiciones de privacidad</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id="terms-description">
          Texto provisional: aquí irán los términos y condiciones de privacidad del servicio. Explicarán qué
          datos personales recogemos, para qué los usamos, con quién los compartimos y cómo puedes
          consultarlos, corregirlos o pedir que se eliminen.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline}>No acepto</Button>
        <Button variant="contained" onClick={onAccept}>
          Acepto
        </Button>
      </DialogActions>
    </Dialog>
  );
}
