import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { profileMessages } from '@prestamos-hn/contract';
import { memo, useId } from 'react';
import { PROFILE_TO_DO_TITLE, type ProfileToDoItem } from '../utils/profile-to-do';

export const NEXT_ITEM_LABEL = 'Continuar';

/**
 * Inicio's 'Completa tu perfil': each missing part as a row that opens it (with a chevron), and
 * 'Continuar', which opens the first. 'Se registro correctamente.' heads it once stage 2 is done.
 */
export const ProfileToDoCard = memo(function ProfileToDoCard({
  items,
  isStage2Done,
  onOpen,
}: {
  items: ProfileToDoItem[];
  isStage2Done: boolean;
  onOpen: (item: ProfileToDoItem) => void;
}) {
  const titleId = useId();
  const first = items[0];
  if (!first) return null;
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardContent sx={{ pb: 0 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 500 }}>
          {PROFILE_TO_DO_TITLE}
        </Typography>
        {isStage2Done && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {profileMessages.stage2Saved}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Para solicitar tu préstamo te falta:
        </Typography>
        <List disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding>
              <ListItemButton onClick={() => onOpen(item)} sx={{ px: 1, borderRadius: 1 }}>
                <ListItemText primary={item.title} secondary={item.missing.join(', ')} />
                <ChevronRightIcon aria-hidden color="action" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button variant="contained" onClick={() => onOpen(first)} aria-describedby={`${titleId}-next`}>
          {NEXT_ITEM_LABEL}
        </Button>
        <span id={`${titleId}-next`} hidden>
          {first.title}
        </span>
      </CardActions>
    </Card>
  );
});
