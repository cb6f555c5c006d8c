import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { CENSUS_ITEM_LABELS, CENSUS_MISMATCH_TITLE, type CensusItem } from '@prestamos-hn/domain';

interface CensusMismatchDialogProps {
  items: readonly CensusItem[];
  onReview: () => void;
}

/** 'Coincidencia encontrada': what does not match the census record, and 'Revisar'. */
export function CensusMismatchDialog({ items, onReview }: CensusMismatchDialogProps) {
  return (
    <Dialog
      open={items.length > 0}
      onClose={onReview}
      aria-labelledby="census-mismatch-title"
      aria-describedby="census-mismatch-description"
    >
      <DialogTitle id="census-mismatch-title">{CENSUS_MISMATCH_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="census-mismatch-description">
          Estos datos no coinciden con el registro de tu número de identidad:
        </DialogContentText>
        <List dense>
          {items.map((item) => (
            <ListItem key={item}>
              <ListItemText primary={CENSUS_ITEM_LABELS[item]} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onReview}>
          Revisar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
