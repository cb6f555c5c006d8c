import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatCents, formatLongDate, type NextInstalmentView } from '@prestamos-hn/domain';
import { memo, useId } from 'react';
import { Link } from 'wouter';

export const NEXT_INSTALMENT_TITLE = 'Tu próxima cuota';
export const LATE_TITLE = 'Atrasado';
export const VIEW_PLAN_LABEL = 'Ver mi plan de pagos';

/**
 * Inicio, when a loan is being paid (issue 35, point 5): the next instalment, what it still owes
 * and its due date; or, when an instalment is late, 'Atrasado' and what the late ones owe (late fees
 * included). 'Ver mi plan de pagos' opens /plan.
 */
export const NextInstalmentCard = memo(function NextInstalmentCard({
  view,
  loanNumber,
}: {
  view: NextInstalmentView;
  loanNumber: number;
}) {
  const titleId = useId();
  const isLate = view.kind === 'late';
  const amount = `L ${formatCents(view.amountDueCents)}`;
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={isLate ? { borderColor: 'error.main' } : undefined}
    >
      <CardContent sx={{ pb: 0, display: 'grid', gap: 0.5 }}>
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 500, color: isLate ? 'error.dark' : undefined }}
        >
          {isLate ? LATE_TITLE : NEXT_INSTALMENT_TITLE}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {amount}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {view.kind === 'late'
            ? `Debes ${amount} de ${view.instalments === 1 ? '1 cuota vencida' : `${view.instalments} cuotas vencidas`}, recargos incluidos. Paga cuanto antes.`
            : `Vence el ${formatLongDate(view.dueDate)}.`}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Préstamo N.º {loanNumber}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button component={Link} to={`/plan/${loanNumber}`} variant={isLate ? 'contained' : 'outlined'}>
          {VIEW_PLAN_LABEL}
        </Button>
      </CardActions>
    </Card>
  );
});
