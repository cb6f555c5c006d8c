import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useRedirect } from 'react-admin';

/**
 * 'Siguiente', shown once a decision was made on a file (a profile review, a loan request, a
 * receipt): it opens the next item of the same queue (`findNext`, oldest first, the file just
 * decided left out), or goes back to the queue saying it is empty. It takes the focus when it
 * appears, since the dialog that made the decision has just closed.
 */
export function NextInQueueButton({
  findNext,
  showResource,
  listResource = showResource,
  emptyMessage,
}: {
  findNext: () => Promise<number | undefined>;
  /** Where the next item opens ('receipts', 'loans', 'borrowers'). */
  showResource: string;
  /** The queue, when none is left. */
  listResource?: string;
  emptyMessage: string;
}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const [isFinding, setIsFinding] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);

  async function openNext() {
    setIsFinding(true);
    const next = await findNext().catch(() => undefined);
    setIsFinding(false);
    if (next === undefined) {
      notify(emptyMessage, { type: 'info' });
      redirect('list', listResource);
    } else {
      redirect('show', showResource, next);
    }
  }

  return (
    <Button ref={button} variant="contained" disabled={isFinding} onClick={() => void openNext()}>
      Siguiente
    </Button>
  );
}
