// "Sign out everywhere" for one's own account: every session of the account ends, this one included,
// and the console goes to the login page, which says the session was ended.
import { serverMessage } from '../../api/errorMessage';
import { useState } from 'react';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { Confirm, useDataProvider, useLogout, useNotify } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../domain/messages';
import type { CemeteryDataProvider } from '../../dataProvider';

export function SignOutEverywhere() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const logout = useLogout();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const signOut = useMutation({
    mutationFn: () => dataProvider.signOutEverywhere(),
    // This session ended with the others: leave through the authProvider, which sends the browser to /login.
    onSuccess: () => logout({ sessionsEnded: true }),
    onError: (error: Error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('accounts.signOutEverywhere')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('accounts.signOutEverywhereHint')}
        </Typography>
        <Button variant="outlined" color="error" disabled={signOut.isPending} onClick={() => setAsking(true)}>
          {t('accounts.signOutEverywhere')}
        </Button>
        <Confirm
          isOpen={asking}
          loading={signOut.isPending}
          title={t('accounts.signOutEverywhere')}
          content={t('accounts.confirmSignOutEverywhere')}
          onConfirm={() => {
            setAsking(false);
            signOut.mutate();
          }}
          onClose={() => setAsking(false)}
        />
      </CardContent>
    </Card>
  );
}
