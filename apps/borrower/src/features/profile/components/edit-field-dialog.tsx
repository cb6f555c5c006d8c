import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { IsoDate } from '@prestamos-hn/domain';
import { useMemo, useState } from 'react';
import { BankAccountCodeDialog } from '../../../components/bank-account-code-dialog';
import type { NewBankAccount } from '../../../lib/bank-account-change';
import { useUpdateProfile, type ProfileChanges } from '../api/put-profile';
import type { EditDialogId } from '../utils/editable-rows';
import { editDialogConfig, type DialogConfig } from '../utils/field-configs';
import { ConfigFields, useConfigForm, type ConfigFieldLists } from './config-field';
import { FormDialogActions } from './form-dialog-actions';

interface EditFieldDialogProps {
  config: DialogConfig;
  /** The profile, whose fields fill the form. */
  current: Record<string, unknown>;
  lists: ConfigFieldLists;
  onClose: () => void;
}

/**
 * The 'Editar' dialog of one edit group, with its field config. The configs (and the domain's
 * schemas, Zod with them) come in this dialog's chunk, not with /perfil's first load (issue 33).
 */
export function EditGroupDialog({
  id,
  today,
  ...props
}: Omit<EditFieldDialogProps, 'config'> & { id: EditDialogId; today: IsoDate }) {
  const config = useMemo(() => editDialogConfig(id, today), [id, today]);
  return <EditFieldDialog config={config} {...props} />;
}

/**
 * 'Editar': one dialog for every simple row, driven by its field config and checked by the domain
 * schema the server also applies. 'Guardar cambios' is enabled only when valid and not saving; it
 * reads 'Enviando....' while saving. On OK the profile is read again and the dialog closes.
 *
 * The bank row, once an account is on file, is confirmed with the current password and an SMS code
 * (issue 31): 'Guardar cambios' opens that confirmation (BankAccountCodeDialog) instead of saving.
 */
export function EditFieldDialog({ config, current, lists, onClose }: EditFieldDialogProps) {
  const update = useUpdateProfile();
  const configForm = useConfigForm(config, current);
  const { form, fields } = configForm;
  const [toConfirm, setToConfirm] = useState<NewBankAccount | null>(null);
  const isBankAccount = config.fields.some((field) => field.name === 'account_number');
  const needsCode =
    isBankAccount && typeof current.account_number === 'string' && current.account_number !== '';

  const save = form.handleSubmit(async (parsed) => {
    const changes = Object.fromEntries(
      config.fields.map((field) => [field.name, fields.includes(field) ? parsed[field.name] : '']),
    ) as ProfileChanges;
    const account = {
      bank: String(changes.bank ?? ''),
      account_number: String(changes.account_number ?? ''),
    };
    const isSame = account.bank === current.bank && account.account_number === current.account_number;
    if (needsCode && !isSame) {
      setToConfirm(account);
      return;
    }
    await update.mutateAsync(changes).then(onClose, () => undefined);
  });

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="edit-title">
      <DialogTitle id="edit-title">
        Editar
        <Typography component="span" sx={{ display: 'block' }} color="text.secondary">
          {config.title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="edit-form"
          noValidate
          onSubmit={save}
          sx={{ display: 'grid', gap: 1, pt: 1 }}
        >
          <ConfigFields configForm={configForm} lists={lists} idPrefix="edit" />
          {config.hint && (
            <Alert severity="info" role="note" sx={{ mt: 1 }}>
              {config.hint}
            </Alert>
          )}
          <CallResultAlert error={update.error} />
        </Box>
      </DialogContent>
      <FormDialogActions
        formId="edit-form"
        onClose={onClose}
        isValid={form.formState.isValid}
        isSaving={update.isPending}
      />
      {toConfirm && (
        <BankAccountCodeDialog
          account={toConfirm}
          bankName={lists.fieldOptions?.bank.values[toConfirm.bank] ?? `Banco ${toConfirm.bank}`}
          onClose={() => setToConfirm(null)}
          onChanged={onClose}
        />
      )}
    </ResponsiveDialog>
  );
}
