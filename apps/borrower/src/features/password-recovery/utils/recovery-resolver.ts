import { zodResolver } from '@hookform/resolvers/zod';
import { passwordRecoverySchema } from '@prestamos-hn/domain';

/** The recovery form's resolver: a chunk of its own with Zod (../components/password-recovery-form.tsx). */
export const recoveryResolver = zodResolver(passwordRecoverySchema);
