// Spec screen 18 (/admin/password): email and new password; the server's message is shown below the form.
// An admin may change only its own password: its email is fixed to its own account. One's own password is changed
// only with the current one; a manager resetting another account's gives none. Below it, any staff
// member can sign their own account out everywhere.
import { serverMessage } from '../../api/errorMessage';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../domain/messages';
import { checkNewPassword } from '../../domain/rules/validation';
import type { Role } from '../../domain/types';
import type { CemeteryDataProvider } from '../../dataProvider';
import { saveSession } from '../../shared/session';
import { RequireAccess } from '../layout/RequireAccess';
import { SignOutEverywhere } from './SignOutEverywhere';

export function PasswordPage() {
  return (
    <RequireAccess resource="password" action="edit">
      <PasswordForm />
      <SignOutEverywhere />
    </RequireAccess>
  );
}

function PasswordForm() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Role | null>();
  const ownOnly = permissions !== 'manager';
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const passwordCheck = checkNewPassword(newPassword);
  const ownEmail = typeof identity?.email === 'string' ? identity.email : '';
  // The signed-in address fills the field once it is known, unless the manager has typed another already.
  useEffect(() => {
    if (ownEmail) setEmail((current) => (current === '' ? ownEmail : current));
  }, [ownEmail]);
  const target = ownOnly ? ownEmail : email.trim();
  // The server's rule (addresses compared without case): one's own account needs the current password.
  const own = target !== '' && target.toLowerCase() === ownEmail.toLowerCase();
  const update = useMutation({
    mutationFn: () => dataProvider.updatePassword({ email: target, newPassword, ...(own && { currentPassword }) }),
    onSuccess: (result) => {
      // One's own password: every earlier session ended, this one too; the answer's new session keeps this
      // console signed in (a reset of another account's password answers no token).
      if (result.token && result.role) saveSession(result.token, result.role);
      setAnswer({ ok: true, text: result.message });
      setNewPassword('');
      setCurrentPassword('');
      setTouched(false);
    },
    onError: (error: Error & { status?: number }) =>
      // Spec section 8: the server's message; the generic one only when there was no answer.
      setAnswer({ ok: false, text: serverMessage(error, 'password.error') }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (target === '' || !passwordCheck.ok || (own && currentPassword === '')) return;
    update.mutate();
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={t('nav.resetpassword')} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {t('nav.resetpassword')}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              id="password-email"
              type="email"
              label={t('auth.email')}
              value={ownOnly ? ownEmail : email}
              onChange={(e) => setEmail(e.target.value)}
              required
              disabled={ownOnly}
              helperText={
                ownOnly ? t('admin.passwordOwnOnly') : touched && email.trim() === '' ? t('common.required') : ' '
              }
              error={!ownOnly && touched && email.trim() === ''}
              autoComplete="username"
            />
            {own && (
              <TextField
                id="password-current"
                type="password"
                label={t('password.current')}
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
                required
                error={touched && currentPassword === ''}
                helperText={touched && currentPassword === '' ? t('common.required') : ' '}
                autoComplete="current-password"
              />
            )}
            <TextField
              id="password-new"
              type="password"
              label={t('password.new')}
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              required
              // The rule is shown before sending (the API's words), and marked once a send was refused by it.
              error={touched && !passwordCheck.ok}
              helperText={
                touched && newPassword === ''
                  ? t('common.required')
                  : t(passwordCheck.ok ? 'register.passwordShort' : passwordCheck.error)
              }
              autoComplete="new-password"
            />
            <Box>
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {t('password.update')}
              </Button>
            </Box>
          </Stack>
        </Box>
        {answer && (
          <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
            {answer.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
