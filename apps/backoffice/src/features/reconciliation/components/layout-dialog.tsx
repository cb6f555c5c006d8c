import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STATEMENT_AMOUNT_MODE_LABELS,
  STATEMENT_AMOUNT_MODES,
  STATEMENT_DATE_FORMAT_LABELS,
  STATEMENT_DATE_FORMATS,
  STATEMENT_DECIMAL_SEPARATORS,
  STATEMENT_DELIMITER_LABELS,
  STATEMENT_DELIMITERS,
  STATEMENT_SEPARATOR_LABELS,
  STATEMENT_THOUSANDS_SEPARATORS,
} from '@prestamos-hn/domain';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { FormDialog } from '../../../components/form-dialog';
import { formatDateTime } from '../../../lib/format';
import { useStaffAction } from '../../../lib/staff-action';
import { useStatementLayouts, type LayoutList } from '../api/list-statement-layouts';
import { useSaveStatementLayout } from '../api/save-statement-layout';
import {
  layoutFormValues,
  readLayoutForm,
  type LayoutFormErrors,
  type LayoutFormValues,
} from '../utils/layout-form';

type Field = keyof LayoutFormValues;
const NONE = 'ninguno';

/**
 * 'Formatos de los bancos': how each bank writes its statement's CSV. Pick the bank to see its saved
 * layout (or the usual defaults for a bank without one), change what the bank's export does, save.
 */
export function LayoutDialog({ onClose }: { onClose: () => void }) {
  const layouts = useStatementLayouts();
  return layouts.isPending || layouts.isError ? (
    <FormDialog
      id="statement-layouts"
      title="Formatos de los bancos"
      refusal={layouts.isError ? { message: layouts.error.message, isConflict: false } : undefined}
      submitLabel="Guardar"
      sendingLabel="Guardando…"
      isSending={false}
      isBlocked
      onClose={onClose}
      onSubmit={() => undefined}
    >
      {layouts.isPending && <Typography role="status">Cargando los formatos…</Typography>}
    </FormDialog>
  ) : (
    <LayoutForm data={layouts.data} onClose={onClose} />
  );
}

function LayoutForm({ data, onClose }: { data: LayoutList; onClose: () => void }) {
  const save = useSaveStatementLayout();
  const notify = useNotify();
  const { send, refusal, isSending, clearRefusal } = useStaffAction();
  const first = data.items[0]?.bankCode ?? data.banks[0]?.code ?? 0;
  const [bankCode, setBankCode] = useState(first);
  const saved = data.items.find((l) => l.bankCode === bankCode);
  const [values, setValues] = useState<LayoutFormValues>(() => layoutFormValues(saved));
  const [errors, setErrors] = useState<LayoutFormErrors>({});
  const bankName = data.banks.find((b) => b.code === bankCode)?.name ?? '';
  const errorOf = (field: Field) => errors[field] ?? (refusal?.field === field ? refusal.message : undefined);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const number = (field: Field, label: string, helper: string) => (
    <TextField
      id={`layout-${field}`}
      label={label}
      required
      value={values[field]}
      onChange={set(field)}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? helper}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
    />
  );
  // A select shows nothing for the value '' (no thousands separator): it travels as NONE instead.
  const choice = (
    field: Field,
    label: string,
    options: readonly string[],
    labels: Record<string, string>,
  ) => (
    <TextField
      id={`layout-${field}`}
      select
      label={label}
      value={values[field] === '' ? NONE : values[field]}
      onChange={(event) =>
        set(field)({ target: { value: event.target.value === NONE ? '' : event.target.value } })
      }
      error={Boolean(errorOf(field))}
      helperText={errorOf(field)}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option === '' ? NONE : option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <FormDialog
      id="statement-layouts"
      title="Formatos de los bancos"
      intro="Indica cómo escribe cada banco su estado de cuenta en CSV. Las columnas se cuentan desde 1, como en una hoja de cálculo."
      refusal={refusal}
      fieldsShown={Object.keys(values)}
      submitLabel="Guardar formato"
      sendingLabel="Guardando…"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        const { layout, errors: found } = readLayoutForm(values);
        setErrors(found);
        if (!layout) return;
        void send(async () => {
          await save.mutateAsync({ bankCode, body: layout });
          notify(`Formato de ${bankName} guardado.`, { type: 'success' });
          onClose();
        });
      }}
    >
      <TextField
        id="layout-bank"
        select
        autoFocus
        label="Banco"
        value={String(bankCode)}
        onChange={(event) => {
          const code = Number(event.target.value);
          setBankCode(code);
          setValues(layoutFormValues(data.items.find((l) => l.bankCode === code)));
          setErrors({});
          clearRefusal();
        }}
        helperText={
          saved
            ? `Guardado ${formatDateTime(saved.updatedAt)}${saved.updatedBy ? ` por ${saved.updatedBy}` : ' (formato inicial)'}.`
            : 'Este banco aún no tiene formato: se proponen los valores más comunes.'
        }
      >
        {data.banks.map((b) => (
          <MenuItem key={b.code} value={String(b.code)}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {choice('delimiter', 'Separador de columnas', STATEMENT_DELIMITERS, STATEMENT_DELIMITER_LABELS)}
        {number('skipRows', 'Filas antes del primer movimiento', 'Título, datos de la cuenta y encabezado.')}
        {number('dateColumn', 'Columna de la fecha', 'Por ejemplo 1.')}
        {choice('dateFormat', 'Formato de la fecha', STATEMENT_DATE_FORMATS, STATEMENT_DATE_FORMAT_LABELS)}
        {number('referenceColumn', 'Columna de la referencia', 'El número de documento o de referencia.')}
        {number('descriptionColumn', 'Columna de la descripción', 'El concepto del movimiento.')}
      </Box>
      {choice('amountMode', 'Montos', STATEMENT_AMOUNT_MODES, STATEMENT_AMOUNT_MODE_LABELS)}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {values.amountMode === 'signed' ? (
          number('amountColumn', 'Columna del monto', 'Los débitos en negativo.')
        ) : (
          <>
            {number('creditColumn', 'Columna de créditos', 'El dinero que entró.')}
            {number('debitColumn', 'Columna de débitos', 'El dinero que salió.')}
          </>
        )}
        {choice(
          'decimalSeparator',
          'Separador decimal',
          STATEMENT_DECIMAL_SEPARATORS,
          STATEMENT_SEPARATOR_LABELS,
        )}
        {choice(
          'thousandsSeparator',
          'Separador de miles',
          STATEMENT_THOUSANDS_SEPARATORS,
          STATEMENT_SEPARATOR_LABELS,
        )}
      </Box>
    </FormDialog>
  );
}
