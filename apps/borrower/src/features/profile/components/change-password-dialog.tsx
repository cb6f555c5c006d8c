import { zodResolver } from '@hookform/resolvers/zod';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { PASSWORD_RULE_MESSAGE, profilePasswordChangeSchema } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { useChangePassword } from '../api/change-password';
import { FormDialogActions } from './form-dialog-actions';

type PasswordValues = { currentPassword: string; newPassword: string; passwordRepeat: string };

const fields = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'passwordRepeat', label: 'Repetir contraseña', autoComplete: 'new-password' },
] as const;

/** 'Cambiar contraseña': the current password, the new one and its repeat (PostResetPassword.php). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useChangePassword();
  const [isVisible, setIsVisible] = useState(false);
  const form = useForm<PasswordValues>({
    resolver: zodResolver(profilePasswordChangeSchema),
    mode: 'all',
    defaultValues: { currentPassword: '', newPassword: '', passwordRepeat: '' },
  });
  const save = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="password-title">
      <DialogTitle id="password-title">Cambiar contraseña</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="password-form"
          noValidate
          onSubmit={save}
          sx={{ display: 'grid', gap: 1, pt: 1 }}
        >
          {fields.map(({ name, label, autoComplete }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    // Changing the new password clears its repeat (SPEC section 5).
                    if (name === 'newPassword') form.resetField('passwordRepeat');
                  }}
                  label={label}
                  autoComplete={autoComplete}
                  disabled={change.isSuccess}
                  isVisible={isVisible}
                  onToggleVisible={name === 'currentPassword' ? undefined : () => setIsVisible((v) => !v)}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ?? (name === 'newPassword' ? PASSWORD_RULE_MESSAGE : ' ')
                  }
                />
              )}
            />
          ))}
          <CallResultAlert error={change.error} successMessage={change.data?.message} />
        </Box>
      </DialogContent>
      <FormDialogActions
        formId="password-form"
        onClose={onClose}
        isValid={form.formState.isValid}
        isSaving={change.isPending}
        canSave={!change.isSuccess}
      />
    </ResponsiveDialog>
  );
}
