import Typography from '@mui/material/Typography';
import type { Period } from '@prestamos-hn/domain';
import { useWatch } from 'react-hook-form';
import {
  Create,
  Edit,
  FunctionField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  required,
  type Validator,
} from 'react-admin';
import { formatLempiras } from '../../../lib/format';
import type { ProductRecord } from '../api/list-products';
import { CatalogList } from './catalog-list';
import { OfferedInput, offeredLabel } from './offered-state';
import { SaveOnlyToolbar } from '../../../components/save-only-toolbar';
import {
  FEE_TYPE_CHOICES,
  PERIOD_CHOICES,
  PERIOD_LABELS,
  formatAmountRange,
  formatFee,
  formatGrace,
  formatPercent,
  hundredthsToInput,
  inputToHundredths,
} from '../utils/price-list';

const periodLabel = (period: string) => PERIOD_LABELS[period as Period] ?? period;

/** An amount in lempiras (stored in centavos): two decimals at most, a multiple of L 10. */
const lempiras: Validator = (value: unknown) => {
  if (value === null || value === undefined) return 'Escribe el monto en lempiras (hasta dos decimales).';
  if (typeof value !== 'number' || value <= 0 || value % 1000 !== 0) {
    return 'Los montos van en múltiplos de L 10.';
  }
  return undefined;
};
/** A percent (stored in basis points): two decimals at most. */
const percent: Validator = (value: unknown) =>
  value === null || value === undefined ? 'Escribe el porcentaje (hasta dos decimales).' : undefined;
const days: Validator = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 720
    ? undefined
    : 'Escribe los días: un número entero de 1 a 720.';

/** The late fee in lempiras (stored in centavos): two decimals at most, L 0 to L 10,000. */
const lateFee: Validator = (value: unknown) =>
  typeof value === 'number' && value >= 0 && value <= 1_000_000
    ? undefined
    : 'El recargo por atraso es una cantidad fija entre L 0 y L 10,000 por cuota.';

/** Days of grace after a due date before the late fee (decision 014): a whole number, 0 to 60. */
const graceDays: Validator = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 60
    ? undefined
    : 'Los días de gracia son un número entero de 0 a 60.';

/** The arrears tolerance in lempiras (stored in centavos): two decimals at most, L 0 to L 1,000. */
const arrearsTolerance: Validator = (value: unknown) =>
  typeof value === 'number' && value >= 0 && value <= 100_000
    ? undefined
    : 'La tolerancia de mora es una cantidad fija entre L 0 y L 1,000.';

const hundredths = { format: hundredthsToInput, parse: inputToHundredths };

/**
 * The price list's fields: amounts in lempiras and percents as admins type them, stored exactly in
 * centavos and basis points (utils/price-list.ts); days as they are.
 */
function PriceListInputs() {
  const feeType = useWatch({ name: 'price.feeType' }) as string | undefined;
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 1, mb: 2 }}>
        Lista de precios
      </Typography>
      <NumberInput
        source="price.minAmountCents"
        label="Monto mínimo (L)"
        {...hundredths}
        validate={lempiras}
        step={10}
        fullWidth
      />
      <NumberInput
        source="price.maxAmountCents"
        label="Monto máximo (L)"
        {...hundredths}
        validate={lempiras}
        step={10}
        fullWidth
      />
      <NumberInput source="price.minDays" label="Plazo mínimo (días)" validate={days} step={1} fullWidth />
      <NumberInput source="price.maxDays" label="Plazo máximo (días)" validate={days} step={1} fullWidth />
      <NumberInput
        source="price.annualRateBp"
        label="Tasa de interés anual (%)"
        {...hundredths}
        validate={percent}
        step={0.01}
        fullWidth
      />
      <SelectInput
        source="price.feeType"
        label="Tipo de gasto administrativo"
        choices={FEE_TYPE_CHOICES}
        validate={required()}
        fullWidth
      />
      <NumberInput
        source="price.feeValue"
        label={
          feeType === 'fixed'
            ? 'Gasto administrativo (L por cuota)'
            : 'Gasto administrativo (% del monto por cuota)'
        }
        {...hundredths}
        validate={percent}
        step={0.01}
        fullWidth
      />
      <NumberInput
        source="price.lateFeeCents"
        label="Recargo por atraso (L)"
        helperText="Se cobra una vez por cuota, el día en que se atrasa."
        {...hundredths}
        validate={lateFee}
        step={1}
        fullWidth
      />
      <NumberInput
        source="price.graceDays"
        label="Días de gracia"
        helperText="Días después del vencimiento antes de cobrar el recargo."
        validate={graceDays}
        step={1}
        fullWidth
      />
      <NumberInput
        source="price.arrearsToleranceCents"
        label="Tolerancia de mora (L)"
        helperText="Si a una cuota le falta esto o menos, no se atrasa ni se le cobra recargo."
        {...hundredths}
        validate={arrearsTolerance}
        step={0.01}
        fullWidth
      />
    </>
  );
}

function ProductFields() {
  return (
    <>
      <TextInput source="name" label="Nombre" validate={[required(), maxLength(80)]} fullWidth />
      <TextInput source="description" label="Descripción" validate={maxLength(300)} multiline fullWidth />
      <SelectInput
        source="periodType"
        label="Periodicidad de los pagos"
        choices={PERIOD_CHOICES}
        validate={required()}
        fullWidth
      />
    </>
  );
}

/** Every product with its price list; retired ones stay listed (loans may name them). */
export function ProductList() {
  return (
    <CatalogList<ProductRecord>
      title="Productos"
      emptyText="Aún no hay productos."
      primaryText={(record) => record.name}
      secondaryText={(record) =>
        `${periodLabel(record.periodType)} · ${formatAmountRange(record.price.minAmountCents, record.price.maxAmountCents)} · ${formatPercent(record.price.annualRateBp)} anual · recargo ${formatLempiras(record.price.lateFeeCents)} · ${formatGrace(record.price.graceDays)}`
      }
      tertiaryText={(record) => offeredLabel(record.active)}
    >
      <TextField source="name" label="Nombre" sortable={false} />
      <FunctionField<ProductRecord>
        label="Periodicidad"
        render={(record) => periodLabel(record.periodType)}
      />
      <FunctionField<ProductRecord>
        label="Montos"
        render={(record) => formatAmountRange(record.price.minAmountCents, record.price.maxAmountCents)}
      />
      <FunctionField<ProductRecord>
        label="Plazos"
        render={(record) => `${record.price.minDays} a ${record.price.maxDays} días`}
      />
      <FunctionField<ProductRecord>
        label="Tasa anual"
        render={(record) => formatPercent(record.price.annualRateBp)}
      />
      <FunctionField<ProductRecord>
        label="Gasto administrativo"
        render={(record) => formatFee(record.price.feeType, record.price.feeValue)}
      />
      <FunctionField<ProductRecord>
        label="Recargo por atraso"
        render={(record) => formatLempiras(record.price.lateFeeCents)}
      />
      <FunctionField<ProductRecord> label="Gracia" render={(record) => formatGrace(record.price.graceDays)} />
      <FunctionField<ProductRecord>
        label="Tolerancia de mora"
        render={(record) => formatLempiras(record.price.arrearsToleranceCents)}
      />
    </CatalogList>
  );
}

export function ProductCreate() {
  return (
    <Create title="Nuevo producto" redirect="list">
      <SimpleForm
        defaultValues={{
          periodType: 'mensual',
          price: { feeType: 'percent', lateFeeCents: 0, graceDays: 1, arrearsToleranceCents: 100 },
        }}
        sx={{ maxWidth: 560 }}
      >
        <ProductFields />
        <PriceListInputs />
      </SimpleForm>
    </Create>
  );
}

export function ProductEdit() {
  return (
    <Edit title="Editar producto" mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 560 }} toolbar={<SaveOnlyToolbar />}>
        <ProductFields />
        <OfferedInput helperText="Apágalo para retirar el producto: deja de ofrecerse. Los préstamos ya solicitados no cambian." />
        <PriceListInputs />
        <Typography variant="body2" color="text.secondary">
          Los cambios en la lista de precios valen para las solicitudes nuevas; los préstamos ya solicitados
          conservan sus condiciones.
        </Typography>
      </SimpleForm>
    </Edit>
  );
}
