import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { getSessionData } from '../../lib/session';

/**
 * /chat, over Inicio (a child route, its own lazy chunk): the help chat. A route rather than a bare
 * dialog so that the phone's back button closes it, the SMS about an answer can link to it, and its
 * code loads only when opened. Closing goes back to Inicio.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  // The device's queue of unsent messages belongs to the borrower logged in.
  const [owner] = useState(() => getSessionData()?.email ?? null);
  const close = () => {
    // Opened from Inicio: back (so the back button and 'Cerrar' agree); opened from a link: Inicio.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return <ChatPanel owner={owner} onClose={close} />;
}
