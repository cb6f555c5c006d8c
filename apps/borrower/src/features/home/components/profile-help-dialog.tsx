import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink } from 'wouter';
import { PROFILE_LINK_LABEL } from '../utils/home-texts';

/** The validation notice's 'Ayuda': what to do about the review's outcome (downloaded when first opened). */
export function ProfileHelpDialog({
  open,
  onClose,
  help,
}: {
  open: boolean;
  onClose: () => void;
  help: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="profile-help-title">
      <DialogTitle id="profile-help-title">Ayuda</DialogTitle>
      <DialogContent>
        <DialogContentText>{help}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        <Button variant="contained" component={RouterLink} to="/perfil">
          {PROFILE_LINK_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
