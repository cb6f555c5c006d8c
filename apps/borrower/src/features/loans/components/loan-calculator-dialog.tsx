import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { SelectField } from '../../../components/select-field';
import Typography from '@mui/material/Typography';
import { CALCULATOR_ADMIN_FEE_PERCENT, productRequestLimits } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  calculatorQuote,
  calculatorSchema,
  type CalculatorProduct,
  type CalculatorValues,
} from '../utils/calculator';
import { quoteRateRows } from '../utils/format';
import { termSelectOptions } from '../utils/loan-request-form';
import { LoanAmountField, LoanTermField } from './loan-fields';
import { LoanSummary } from './loan-summary';

export const CALCULATOR_TITLE = 'Calculadora de préstamo';

interface LoanCalculatorDialogProps {
  /** At least one. */
  products: readonly [CalculatorProduct, ...CalculatorProduct[]];
  onClose: () => void;
}

/** The product chosen in the select (the first until one is chosen). */
function chosenProduct(products: LoanCalculatorDialogProps['products'], code: string): CalculatorProduct {
  return products.find((item) => String(item.product.id) === code) ?? products[0];
}

/**
 * The calculator (SPEC sections 2, 5 and 9): a product, an amount and a term give the quote the
 * summary would show (the level payment of docs/decisions/007, an administrative fee of 5 percent
 * of the amount per payment) and its annual total cost (CAT).
 */
export function LoanCalculatorDialog({ products, onClose }: LoanCalculatorDialogProps) {
  const [now] = useState(() => new Date());
  const form = useForm<CalculatorValues>({
    resolver: ((values, context, options) =>
      zodResolver(calculatorSchema(chosenProduct(products, values.productCode)))(
        values,
        context,
        options as never,
      )) as Resolver<CalculatorValues>,
    mode: 'all',
    defaultValues: {
      productCode: String(products[0].product.id),
      amount: '',
      period: '',
    },
  });
  const values = useWatch({ control: form.control }) as CalculatorValues;
  const choice = chosenProduct(products, values.productCode);
  const limits = productRequestLimits(choice.product);
  const terms = termSelectOptions(choice.product.period, limits.minDays, limits.maxDays);
  const productOptions = products.map((item) => ({
    value: String(item.product.id),
    label: item.product.name,
  }));
  const result = calculatorQuote(products, values, now);

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="calculator-title">
      <DialogTitle id="calculator-title">{CALCULATOR_TITLE}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          sx={{ display: 'grid', gap: 1 }}
        >
          <Controller
            control={form.control}
            name="productCode"
            render={({ field }) => (
              <SelectField
                {...field}
                onChange={(event) => {
                  field.onChange(event);
                  // The terms differ from one product to another.
                  form.setValue('period', '');
                  if (form.getValues('amount') !== '') void form.trigger('amount');
                }}
                id="calculator-product"
                label="Producto"
                fullWidth
                helperText=" "
                slotProps={{ inputLabel: { shrink: true } }}
                options={productOptions}
              />
            )}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field, fieldState }) => (
              <LoanAmountField
                {...field}
                id="calculator-amount"
                fieldError={fieldState.error}
                minAmount={limits.minAmount}
                maxAmount={limits.maxAmount}
              />
            )}
          />
          <Controller
            control={form.control}
            name="period"
            render={({ field, fieldState }) => (
              <LoanTermField {...field} id="calculator-term" fieldError={fieldState.error} options={terms} />
            )}
          />
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box component="section" aria-labelledby="calculator-result-title">
          <Typography id="calculator-result-title" component="h3" variant="subtitle1" sx={{ mb: 1 }}>
            Tu cálculo
          </Typography>
          {result ? (
            <LoanSummary summary={result.quote} extra={quoteRateRows(result.annualRate, result.annualCost)} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Escribe un monto y elige un plazo para ver tus pagos.
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
            Cálculo de referencia, con gastos administrativos del {CALCULATOR_ADMIN_FEE_PERCENT} % del monto
            en cada pago. Las fechas cuentan desde hoy.
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
