import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { profileMessages } from '@prestamos-hn/contract';
import { COMPLETE_STATUS, CONFIRM_DATA_LABEL, type ProfileDisplayState } from '@prestamos-hn/domain';

interface ProfileStateBannerProps {
  state: ProfileDisplayState;
  datasend: string;
  isStage2Pending: boolean;
  onCompleteRegistration: () => void;
  onConfirmData: () => void;
}

/**
 * The display state (SPEC section 4): incomplete in red, complete and awaiting review in orange,
 * approved in green (the account is enabled for loans).
 */
export function ProfileStateBanner({
  state,
  datasend,
  isStage2Pending,
  onCompleteRegistration,
  onConfirmData,
}: ProfileStateBannerProps) {
  if (state === 'approved') {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        Perfil aprobado: tu cuenta está habilitada para préstamos.
      </Alert>
    );
  }
  if (state === 'awaitingReview') {
    const isSent = datasend === COMPLETE_STATUS;
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          isSent ? undefined : (
            <Button color="inherit" size="small" onClick={onConfirmData}>
              {CONFIRM_DATA_LABEL}
            </Button>
          )
        }
      >
        <AlertTitle>{isSent ? 'Perfil en revisión' : 'Perfil completo'}</AlertTitle>
        {isSent
          ? `${profileMessages.profileSent} Si corriges algo, lo revisamos con tu cambio.`
          : 'Confirma tus datos para enviarlos a revisión.'}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        isStage2Pending ? (
          <Button color="inherit" size="small" onClick={onCompleteRegistration}>
            Completar registro
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Perfil incompleto</AlertTitle>
      {profileMessages.profileIncomplete}
    </Alert>
  );
}
