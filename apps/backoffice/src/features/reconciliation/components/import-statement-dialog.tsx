import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useImportBankStatement, type ImportAnswer } from '../api/import-bank-statement';
import { useStatementLayouts } from '../api/list-statement-layouts';

const CHOOSE_BANK = 'Elige el banco del estado de cuenta.';
const CHOOSE_FILE = 'Elige el archivo del estado de cuenta (CSV) que exportaste del banco.';

/**
 * 'Importar estado de cuenta': the bank (one with a saved layout) and the CSV exported from its
 * online banking. The server reads it with the bank's layout; a row it cannot read refuses the whole
 * file, and the refusal names the rows.
 */
export function ImportStatementDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (answer: ImportAnswer) => void;
}) {
  const layouts = useStatementLayouts();
  const upload = useImportBankStatement();
  const { send, refusal, isSending } = useStaffAction();
  const [bankCode, setBankCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<{ bankCode?: string; file?: string }>({});
  const inputId = useId();
  const fileStatusId = useId();
  const bankError = fieldError(refusal, 'bankCode', local.bankCode);
  const fileError = fieldError(refusal, 'file', local.file);
  const banks = layouts.data?.items ?? [];
  return (
    <FormDialog
      id="statement-import"
      title="Importar estado de cuenta"
      intro="Exporta el estado de cuenta desde la banca en línea como CSV y elígelo aquí. Si importas el mismo archivo dos veces, no se agrega nada."
      refusal={refusal}
      fieldsShown={['bankCode', 'file']}
      submitLabel="Importar"
      sendingLabel="Importando…"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        const errors = { bankCode: bankCode ? undefined : CHOOSE_BANK, file: file ? undefined : CHOOSE_FILE };
        setLocal(errors);
        if (!bankCode || !file) return;
        void send(async () => onImported(await upload.mutateAsync({ bankCode: Number(bankCode), file })));
      }}
    >
      <TextField
        id="statement-bank"
        select
        required
        autoFocus
        label="Banco"
        value={bankCode}
        onChange={(event) => setBankCode(event.target.value)}
        error={Boolean(bankError)}
        helperText={
          bankError ??
          (layouts.isError
            ? layouts.error.message
            : 'Solo los bancos con un formato guardado (ver «Formatos de los bancos»).')
        }
        disabled={layouts.isPending}
      >
        {banks.map((b) => (
          <MenuItem key={b.bankCode} value={String(b.bankCode)}>
            {b.bankName}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFileIcon />}
          aria-describedby={fileStatusId}
        >
          {file ? 'Cambiar archivo' : 'Elegir archivo CSV'}
          <input
            id={inputId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            hidden
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (chosen) {
                setFile(chosen);
                setLocal((errors) => ({ ...errors, file: undefined }));
              }
            }}
          />
        </Button>
        <Typography
          id={fileStatusId}
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {file ? `Archivo: ${file.name}` : 'Ningún archivo elegido.'}
        </Typography>
        {fileError && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
            {fileError}
          </Typography>
        )}
      </Box>
    </FormDialog>
  );
}
