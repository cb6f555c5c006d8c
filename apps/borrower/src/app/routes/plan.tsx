import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PayoffSummary } from '@prestamos-hn/contract';
import { formatCents, isLoanPayable, LOAN_PAID_STATUS, selectPlanLoan } from '@prestamos-hn/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { CallResultAlert } from '../../components/call-result-alert';
import { useCollectionAccounts } from '../../features/plan/api/get-collection-accounts';
import { useLoanPayments } from '../../features/plan/api/get-loan-payments';
import { useLoans } from '../../features/plan/api/get-loans';
import { usePayoffQuote } from '../../features/plan/api/get-payoff-quote';
import { useRepaymentSchedule } from '../../features/plan/api/get-repayment-schedule';
import { useWalletBalance } from '../../features/plan/api/get-wallet-balance';
import { AwaitingClosureBanner } from '../../features/plan/components/awaiting-closure-banner';
import { CreditBalance } from '../../features/plan/components/credit-balance';
import { InstalmentList } from '../../features/plan/components/instalment-list';
import { LoanInformation } from '../../features/plan/components/loan-information';
import { NoLoan } from '../../features/plan/components/no-loan';
import { PayoffOffer } from '../../features/plan/components/payoff-offer';
import { LoadingText, PlanPage } from '../../features/plan/components/plan-page';
import { ReceiptSentPopup } from '../../features/plan/components/receipt-sent-popup';
import { SendReceiptButton } from '../../features/plan/components/send-receipt-button';
import { useDialogMadeOnOpen } from '../../hooks/use-dialog-made-on-open';
import { useNow } from '../../hooks/use-now';
import {
  LOADING_TEXT,
  PLAN_HEADING,
  payoffAmountHint,
  PLAN_TITLE,
  RECEIPT_HOURS_TEXT,
} from '../../features/plan/utils/plan-texts';
import { formatCentsAsLempiras, planView } from '../../features/plan/utils/plan-view';
import { NetworkError } from '../../lib/api-errors';

// 'Dónde pagar' and the receipt's dialog come in their own chunks, after the screen: /plan's first
// load stays in budget. The dialog's chunk is asked for once the screen shows, long before a tap.
const WhereToPay = lazy(() =>
  import('../../features/plan/components/where-to-pay').then((m) => ({ default: m.WhereToPay })),
);
// 'Tus comprobantes' likewise (issue 35, point 5).
const LoanReceipts = lazy(() =>
  import('../../features/plan/components/loan-receipts').then((m) => ({ default: m.LoanReceipts })),
);
// Receipts kept on the phone without connection (decision 018), likewise.
const PendingReceipts = lazy(() =>
  import('../../features/plan/components/pending-receipts').then((m) => ({ default: m.PendingReceipts })),
);
// The contract downloads when 'Ver contrato' is first pressed (MUI's Dialog with it), not with /plan.
const ContractDialog = lazy(() =>
  import('../../features/plan/components/contract-dialog').then((m) => ({ default: m.ContractDialog })),
);
const BankReceiptDialog = lazy(() =>
  import('../../features/plan/components/bank-receipt-dialog').then((m) => ({
    default: m.BankReceiptDialog,
  })),
);

/**
 * /plan and /plan/{idprestamoparam}: the loan picked by SPEC section 4 (by id, else the first active
 * one), its information block and contract, then either the paid-awaiting-closure banner or the
 * receipt notice, 'Dónde pagar' (the lender's accounts and the reference to write), 'Enviar
 * comprobante BAC', 'Liquidar préstamo' (the payoff of today, opening the
 * same dialog with that amount) and the instalments; a paid loan shows its 'Saldo a tu favor' and
 * its instalments; then 'Tus comprobantes', the receipts sent and their state; without a loan, the
 * way to history.
 */
export function Component() {
  const [, navigate] = useLocation();
  const { idprestamoparam } = useParams();
  // Every 30 s: a screen left open closes the receipt window at 20:00.
  const now = useNow(30_000);
  const loans = useLoans();
  const loan = loans.data ? selectPlanLoan(loans.data, idprestamoparam) : undefined;
  const schedule = useRepaymentSchedule(loan?.container_id);
  const wallet = useWalletBalance(loan?.container_id);
  const contract = useDialogMadeOnOpen();
  const payoff = usePayoffQuote(loan);
  // Where to pay (issue 35, point 1): read once a loan is shown.
  const collectionAccounts = useCollectionAccounts(loan !== undefined);
  // The receipts sent for it and their state (issue 35, point 5).
  const loanPayments = useLoanPayments(loan?.container_id);
  const [isReceiptOpen, setIsReceiptOpen] = useState(false);
  /** The payoff the receipt dialog was opened with ('Liquidar préstamo'), or null for a plain receipt. */
  const [payoffToPay, setPayoffToPay] = useState<PayoffSummary | null>(null);
  const [isReceiptSent, setIsReceiptSent] = useState(false);

  // SPEC section 8: a network failure while loading the loan, the schedule or the wallet goes to /login.
  const networkError = [loans.error, wallet.error, schedule.error].some((e) => e instanceof NetworkError);
  useEffect(() => {
    if (networkError) navigate('/login');
  }, [networkError, navigate]);

  const error = loans.error ?? wallet.error ?? schedule.error;
  let content;
  if (error) {
    content = <CallResultAlert error={error} />;
  } else if (!loans.data || (loan && (!schedule.data || wallet.data === undefined))) {
    content = <LoadingText text={LOADING_TEXT} />;
  } else if (!loan || !schedule.data || wallet.data === undefined) {
    content = <NoLoan now={now} />;
  } else {
    const view = planView(loan, schedule.data, wallet.data);
    const instalments = <InstalmentList schedule={schedule.data} />;
    const isPaid = loan.status === LOAN_PAID_STATUS;
    const openReceipt = (withPayoff: PayoffSummary | null) => {
      setPayoffToPay(withPayoff);
      setIsReceiptOpen(true);
    };
    content = (
      <>
        <LoanInformation
          loan={loan}
          walletBalance={wallet.data}
          paid={view.paid}
          total={view.total}
          onViewContract={contract.open}
        />
        {isPaid ? (
          <Box component="section" aria-labelledby="plan-heading" sx={{ display: 'grid', gap: 2 }}>
            <CreditBalance amount={wallet.data} />
            <Typography id="plan-heading" component="h2" variant="h6">
              {PLAN_HEADING}
            </Typography>
            {instalments}
          </Box>
        ) : view.isAwaitingClosure ? (
          <AwaitingClosureBanner lastPaymentDate={view.lastPaymentDate} details={instalments} />
        ) : (
          <Box component="section" aria-labelledby="plan-heading" sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="info">{RECEIPT_HOURS_TEXT}</Alert>
            <Typography id="plan-heading" component="h2" variant="h6">
              {PLAN_HEADING}
            </Typography>
            <Suspense fallback={null}>
              <WhereToPay
                loanNumber={loan.container_id}
                accounts={collectionAccounts.data}
                failed={collectionAccounts.isError}
              />
            </Suspense>
            <SendReceiptButton now={now} onClick={() => openReceipt(null)} />
            <Suspense fallback={null}>
              <PendingReceipts containerId={loan.container_id} />
            </Suspense>
            {isLoanPayable(loan.status) && (
              <PayoffOffer
                now={now}
                quote={payoff.data}
                isLoading={payoff.isLoading}
                error={payoff.error}
                onPayOff={openReceipt}
              />
            )}
            {instalments}
          </Box>
        )}
        <Suspense fallback={null}>
          <LoanReceipts receipts={loanPayments.data?.receipts} failed={loanPayments.isError} />
        </Suspense>
        {contract.isMade && (
          <Suspense fallback={null}>
            <ContractDialog
              open={contract.isOpen}
              onClose={contract.close}
              html={loan.contract_content}
              pdfUrl={loan.contract_pdf_url}
            />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <BankReceiptDialog
            open={isReceiptOpen}
            onClose={() => setIsReceiptOpen(false)}
            onSent={() => {
              setIsReceiptOpen(false);
              setIsReceiptSent(true);
            }}
            onQueued={() => setIsReceiptOpen(false)}
            containerId={loan.container_id}
            instalment={view.instalmentToPay}
            total={view.total}
            initialAmount={payoffToPay ? formatCents(payoffToPay.payoffCents).replaceAll(',', '') : undefined}
            amountHint={
              payoffToPay ? payoffAmountHint(formatCentsAsLempiras(payoffToPay.payoffCents)) : undefined
            }
          />
        </Suspense>
      </>
    );
  }

  return (
    <PlanPage title={PLAN_TITLE}>
      {content}
      <ReceiptSentPopup open={isReceiptSent} onClose={() => setIsReceiptSent(false)} />
    </PlanPage>
  );
}
