import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { PasswordChangeForm } from '../../features/password-recovery/components/password-change-form';
import { decodeRecoveryLink } from '../../features/password-recovery/utils/recovery-link';

export function Component() {
  const { data = '' } = useParams();
  const [link] = useState(() => decodeRecoveryLink(data));
  return (
    <PublicPage title="Cambiar contraseña" hasBackToLogin>
      {link ? (
        <PasswordChangeForm link={link} />
      ) : (
        <Alert severity="error" role="alert">
          El enlace no es válido. Pide uno nuevo desde «Recuperar».
        </Alert>
      )}
    </PublicPage>
  );
}
