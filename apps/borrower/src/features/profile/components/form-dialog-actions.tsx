import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { PROFILE_SAVING_LABEL } from '@prestamos-hn/domain';

interface FormDialogActionsProps {
  /** The id of the form in the dialog that the save button submits. */
  formId: string;
  onClose: () => void;
  /** The form's values pass its schema. */
  isValid: boolean;
  isSaving: boolean;
  /** False once there is nothing left to save (the answer is on screen): 'Cerrar' alone. */
  canSave?: boolean;
  saveLabel?: string;
  savingLabel?: string;
}

/**
 * 'Cerrar' and the save button of a profile form dialog: enabled only when the form is valid and not
 * saving, reading `savingLabel` ('Enviando....') while it saves.
 */
export function FormDialogActions({
  formId,
  onClose,
  isValid,
  isSaving,
  canSave = true,
  saveLabel = 'Guardar cambios',
  savingLabel = PROFILE_SAVING_LABEL,
}: FormDialogActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onClose}>Cerrar</Button>
      {canSave && (
        <Button type="submit" form={formId} variant="contained" disabled={!isValid || isSaving}>
          {isSaving ? savingLabel : saveLabel}
        </Button>
      )}
    </DialogActions>
  );
}
