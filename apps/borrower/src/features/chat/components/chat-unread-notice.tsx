import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** 'Tienes 1 respuesta nueva en el chat.' / '… 3 respuestas nuevas …' */
export function unreadAnswersText(count: number): string {
  return `Tienes ${count} ${count === 1 ? 'respuesta nueva' : 'respuestas nuevas'} en el chat de ayuda.`;
}

/** In the bell's popover: the unread answers, with a way into the chat. */
export function ChatUnreadNotice({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mb: 1.5,
        pb: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ChatIcon color="primary" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1 }}>
        {unreadAnswersText(count)}
      </Typography>
      <Button component={Link} to="/chat" size="small" onClick={onOpen}>
        Abrir chat
      </Button>
    </Box>
  );
}
