import { useParams } from 'wouter';
import { PublicPage } from '../../components/public-page';
import { EmailValidationResult } from '../../features/email-validation/components/email-validation-result';

export function Component() {
  const { token = '' } = useParams();
  return (
    <PublicPage title="Validación de correo">
      <EmailValidationResult token={token} />
    </PublicPage>
  );
}
