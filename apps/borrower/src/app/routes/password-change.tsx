import Alert from '@mui/material/Alert';
import { decodeRecoveryLinkData } from '@prestamos-hn/contract';
import { useState } from 'react';
import { useParams } from 'wouter';
import { PublicPage } from '../../components/public-page';
import { PasswordChangeForm } from '../../features/password-recovery/components/password-change-form';

export function Component() {
  const { data = '' } = useParams();
  const [link] = useState(() => decodeRecoveryLinkData(data));
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
