import { formatLongDate, tegucigalpaDateTime } from '@prestamos-hn/domain';
import type { DbOrTx } from '../db/client.ts';
import type { Deps } from './deps.ts';
import { enqueueMessage } from './outbox.ts';
import { notificationEmail, notificationSms, notifyBorrower } from './notifications.ts';

/**
 * What the borrower is told when a credential of the account changes, so that a takeover does not go
 * unseen: the password, the phone that receives the login codes (the second factor), or the bank
 * account their loans are paid into (issue 31).
 */
const notices = {
  password: (when: string) => ({
    title: 'Cambiaste tu contraseña',
    body: `La contraseña de tu cuenta se cambió el ${when}. Si no fuiste tú, escríbenos por el chat de ayuda o llámanos de inmediato.`,
  }),
  phone: (when: string, newPhone: string) => ({
    title: 'Cambiaste tu número de teléfono',
    body: `El teléfono de tu cuenta se cambió al ****${newPhone.slice(-4)} el ${when}. Si no fuiste tú, escríbenos por el chat de ayuda o llámanos de inmediato.`,
  }),
  bankAccount: (when: string, bankName: string, accountNumber: string) => ({
    title: 'Cambiaste tu cuenta bancaria',
    body: `Tu cuenta bancaria para recibir préstamos se cambió a la de ${bankName} terminada en ${accountNumber.slice(-4)} el ${when}. Si no fuiste tú, escríbenos por el chat de ayuda o llámanos de inmediato.`,
  }),
};

/**
 * In the transaction of the change: a notification in the app, an e-mail, and an SMS to the phone
 * the account had before the change (for a phone change, the old phone: the new one is the
 * attacker's if it is a takeover; for a bank-account change, the account's phone, which received the
 * code).
 */
export async function sendSecurityNotice(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbOrTx,
  input: {
    borrowerId: number;
    email: string;
    phoneBefore: string;
  } & (
    | { kind: 'password' }
    | { kind: 'phone'; newPhone: string }
    | { kind: 'bank_account'; bankName: string; accountNumber: string }
  ),
): Promise<void> {
  const at = tegucigalpaDateTime(deps.clock.now());
  const hhmm = `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
  const when = `${formatLongDate(at.date)} a las ${hhmm}`;
  const notice =
    input.kind === 'password'
      ? notices.password(when)
      : input.kind === 'phone'
        ? notices.phone(when, input.newPhone)
        : notices.bankAccount(when, input.bankName, input.accountNumber);
  const brand = deps.config.brandName;
  await notifyBorrower(deps, tx, { borrowerId: input.borrowerId, ...notice });
  await enqueueMessage(deps, tx, {
    channel: 'sms',
    to: input.phoneBefore,
    body: notificationSms(brand, notice.title, notice.body),
  });
  await enqueueMessage(deps, tx, {
    channel: 'email',
    to: input.email,
    ...notificationEmail(brand, notice.title, notice.body),
  });
}
