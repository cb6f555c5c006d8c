import { useState } from 'react';
import { useLocation } from 'wouter';
import { ChatPanel } from '../../features/chat/components/chat-panel';
import { canGoBack } from '../../lib/hash-location';
import { getSessionData } from '../../lib/session';

/**
 * /chat, over Inicio (Inicio shows it at that address; its own lazy chunk): the help chat. A route
 * rather than a bare dialog so that the phone's back button closes it, the SMS about an answer can
 * link to it, and its code loads only when opened. Closing goes back to Inicio.
 */
export function Component() {
  const [, navigate] = useLocation();
  // The device's queue of unsent messages belongs to the borrower logged in.
  const [owner] = useState(() => getSessionData()?.email ?? null);
  const close = () => {
    // Opened from Inicio: back (so the back button and 'Cerrar' agree); opened from a link: Inicio.
    if (canGoBack()) window.history.back();
    else navigate('/', { replace: true });
  };
  return <ChatPanel owner={owner} onClose={close} />;
}
