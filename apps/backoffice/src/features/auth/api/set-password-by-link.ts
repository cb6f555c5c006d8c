import { callStaff } from '../../../lib/staff-api';

/**
 * A link e-mailed to a staff member (after a forced reset, or while wrong passwords slow the
 * account down) sets a new password; the server ends every session of the account. Returns the
 * server's message.
 */
export async function setPasswordByLink(token: string, newPassword: string): Promise<string> {
  const { message } = await callStaff('setPasswordByLink', { body: { token, newPassword } });
  return message;
}
