import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  DOCUMENT_LABELS,
  PROFILE_ERROR_STAFF_LABELS,
  REFERENCE_KIND_LABELS,
  type DocumentKind,
} from '@prestamos-hn/domain';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { FormDialog } from '../../../components/form-dialog';
import { NextInQueueButton } from '../../../components/next-in-queue-button';
import { useStaffAction } from '../../../lib/staff-action';
import { useDecideProfile, type ReviewDecision } from '../api/decide-profile';
import { useFindNextReview } from '../api/list-review-queue';

const DOCUMENTS = Object.entries(DOCUMENT_LABELS) as [DocumentKind, string][];
const REFERENCES = Object.entries(REFERENCE_KIND_LABELS) as [ReferenceKey, string][];

type ReferenceKey = keyof typeof REFERENCE_KIND_LABELS;

const noDocuments = { frontId: false, backId: false, utilityBill: false, selfie: false };
const noReferences = { personal: false, labour: false };

/** The documents or the references that failed, one checkbox each. */
function FailedItems<Key extends string>({
  legend,
  items,
  checked,
  onChange,
}: {
  legend: string;
  items: [Key, string][];
  checked: Record<Key, boolean>;
  onChange: (checked: Record<Key, boolean>) => void;
}) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {items.map(([key, label]) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                checked={checked[key]}
                onChange={(event) => onChange({ ...checked, [key]: event.target.checked })}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/**
 * Approve, or return with a reason (errores_perfil), the failed documents and references and a note.
 * The decision names the profile's revision the file showed (`version`): when the borrower changed
 * it since, the server refuses with 'El perfil cambió; revísalo de nuevo.' and the file reloads.
 */
export function DecisionDialog({
  borrowerId,
  name,
  version,
  onClose,
  onDecided = onClose,
}: {
  borrowerId: number;
  name: string;
  version: number;
  onClose: () => void;
  /** The decision was recorded (the dialog closes). */
  onDecided?: () => void;
}) {
  const decideProfile = useDecideProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  // 409: another analyst decided, or the borrower changed the profile; show the file as it is now.
  const { send, refusal, isSending, clearRefusal } = useStaffAction({ onConflict: refresh });
  const [decision, setDecision] = useState<'approve' | 'return'>('approve');
  const [errorCode, setErrorCode] = useState<string>('');
  const [documents, setDocuments] = useState<Record<DocumentKind, boolean>>(noDocuments);
  const [references, setReferences] = useState<Record<ReferenceKey, boolean>>(noReferences);
  const [note, setNote] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  async function handleSubmit() {
    clearRefusal();
    if (decision === 'return' && errorCode === '') {
      setCodeError('Elige el motivo de la devolución.');
      return;
    }
    const body: ReviewDecision =
      decision === 'approve'
        ? { decision, version, note }
        : {
            decision,
            version,
            errorCode: Number(errorCode),
            failedItems: { documents, references },
            note,
          };
    if (await send(() => decideProfile(borrowerId, body))) {
      notify(decision === 'approve' ? 'Perfil aprobado.' : 'Perfil devuelto al cliente.', {
        type: 'success',
      });
      refresh();
      onDecided();
    }
  }

  return (
    <FormDialog
      id="decision"
      title={`Decidir sobre el perfil de ${name}`}
      refusal={refusal}
      submitLabel={decision === 'approve' ? 'Aprobar perfil' : 'Devolver perfil'}
      sendingLabel="Enviando…"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      <FormControl>
        <FormLabel id="decision-label">Decisión</FormLabel>
        <RadioGroup
          aria-labelledby="decision-label"
          row
          value={decision}
          onChange={(event) => setDecision(event.target.value as 'approve' | 'return')}
        >
          <FormControlLabel value="approve" control={<Radio />} label="Aprobar" />
          <FormControlLabel value="return" control={<Radio />} label="Devolver al cliente" />
        </RadioGroup>
      </FormControl>
      {decision === 'return' && (
        <>
          <TextField
            select
            id="decision-error-code"
            label="Motivo"
            required
            value={errorCode}
            onChange={(event) => {
              setErrorCode(event.target.value);
              setCodeError(undefined);
            }}
            error={Boolean(codeError)}
            helperText={codeError}
          >
            {Object.entries(PROFILE_ERROR_STAFF_LABELS).map(([code, label]) => (
              <MenuItem key={code} value={code}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <FailedItems
            legend="Documentos con problemas"
            items={DOCUMENTS}
            checked={documents}
            onChange={setDocuments}
          />
          <FailedItems
            legend="Referencias con problemas"
            items={REFERENCES}
            checked={references}
            onChange={setReferences}
          />
        </>
      )}
      <TextField
        id="decision-note"
        label="Nota"
        multiline
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

/**
 * The button on a borrower file waiting for review; opens the decision dialog on the profile's
 * `version` (the revision shown). Once decided, 'Siguiente' opens the next profile of the review queue.
 */
export function DecideButton({
  borrowerId,
  name,
  version,
  isWaiting = true,
}: {
  borrowerId: number;
  name: string;
  version: number;
  /** The profile waits for a review: the decision is offered. */
  isWaiting?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const findNextReview = useFindNextReview();
  if (decided) {
    return (
      <NextInQueueButton
        findNext={() => findNextReview(borrowerId)}
        showResource="borrowers"
        listResource="reviews"
        emptyMessage="No quedan perfiles por revisar."
      />
    );
  }
  if (!isWaiting) return null;
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Decidir revisión
      </Button>
      {open && (
        <DecisionDialog
          borrowerId={borrowerId}
          name={name}
          version={version}
          onClose={() => setOpen(false)}
          onDecided={() => {
            setOpen(false);
            setDecided(true);
          }}
        />
      )}
    </>
  );
}
