import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { selectPlanLoan } from '@prestamos-hn/domain';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CallResultAlert } from '../../components/call-result-alert';
import { useLoans } from '../../features/plan/api/get-loans';
import { useRepaymentSchedule } from '../../features/plan/api/get-repayment-schedule';
import { useWalletBalance } from '../../features/plan/api/get-wallet-balance';
import { AwaitingClosureBanner } from '../../features/plan/components/awaiting-closure-banner';
import { BankReceiptDialog } from '../../features/plan/components/bank-receipt-dialog';
import { ContractDialog } from '../../features/plan/components/contract-dialog';
import { InstalmentList } from '../../features/plan/components/instalment-list';
import { LoanInformation } from '../../features/plan/components/loan-information';
import { NoLoan } from '../../features/plan/components/no-loan';
import { LoadingText, PlanPage } from '../../features/plan/components/plan-page';
import { ReceiptSentPopup } from '../../features/plan/components/receipt-sent-popup';
import { SendReceiptButton } from '../../features/plan/components/send-receipt-button';
import { useNow } from '../../hooks/use-now';
import {
  LOADING_TEXT,
  PLAN_HEADING,
  PLAN_TITLE,
  RECEIPT_HOURS_TEXT,
} from '../../features/plan/utils/plan-texts';
import { planView } from '../../features/plan/utils/plan-view';
import { NetworkError } from '../../lib/api-errors';

/**
 * /plan and /plan/{idprestamoparam}: the loan picked by SPEC section 4 (by id, else the first active
 * one), its information block and contract, then either the paid-awaiting-closure banner or the
 * receipt notice, 'Enviar comprobante BAC' and the instalments; without a loan, the way to history.
 */
export function Component() {
  const navigate = useNavigate();
  const { idprestamoparam } = useParams();
  // Every 30 s: a screen left open closes the receipt window at 20:00.
  const now = useNow(30_000);
  const loans = useLoans();
  const loan = loans.data ? selectPlanLoan(loans.data, idprestamoparam) : undefined;
  const schedule = useRepaymentSchedule(loan?.container_id);
  const wallet = useWalletBalance(loan?.container_id);
  const [isContractOpen, setIsContractOpen] = useState(false);
  const [isReceiptOpen, setIsReceiptOpen] = useState(false);
  const [isReceiptSent, setIsReceiptSent] = useState(false);

  // SPEC section 8: a network failure while loading the loan, the schedule or the wallet goes to /login.
  const networkError = [loans.error, wallet.error, schedule.error].some((e) => e instanceof NetworkError);
  useEffect(() => {
    if (networkError) void navigate('/login');
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
    content = (
      <>
        <LoanInformation
          loan={loan}
          walletBalance={wallet.data}
          paid={view.paid}
          total={view.total}
          onViewContract={() => setIsContractOpen(true)}
        />
        {view.isAwaitingClosure ? (
          <AwaitingClosureBanner lastPaymentDate={view.lastPaymentDate} details={instalments} />
        ) : (
          <Box component="section" aria-labelledby="plan-heading" sx={{ display: 'grid', gap: 2 }}>
            <Alert severity="info">{RECEIPT_HOURS_TEXT}</Alert>
            <Typography id="plan-heading" component="h2" variant="h6">
              {PLAN_HEADING}
            </Typography>
            <SendReceiptButton now={now} onClick={() => setIsReceiptOpen(true)} />
            {instalments}
          </Box>
        )}
        <ContractDialog
          open={isContractOpen}
          onClose={() => setIsContractOpen(false)}
          html={loan.contract_content}
          pdfUrl={loan.contract_pdf_url}
        />
        <BankReceiptDialog
          open={isReceiptOpen}
          onClose={() => setIsReceiptOpen(false)}
          onSent={() => {
            setIsReceiptOpen(false);
            setIsReceiptSent(true);
          }}
          containerId={loan.container_id}
          instalment={view.instalmentToPay}
          total={view.total}
        />
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
