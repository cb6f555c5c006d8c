import { PublicPage } from '../../components/public-page';
import { PasswordRecoveryForm } from '../../features/password-recovery/components/password-recovery-form';

export function Component() {
  return (
    <PublicPage title="Recuperar contraseña" hasBackToLogin>
      <PasswordRecoveryForm />
    </PublicPage>
  );
}
