// What a manager does to an account from the accounts page (issue 15): disable or enable it, give it the other
// role, end its sessions. Each asks first (its sessions end at once), then shows the server's message; a refusal
// (the last active manager) is the server's Arabic reason.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import type { CemeteryDataProvider, AccountRecord } from '../../../dataProvider';
import { CardActions } from '../../components/CardList';

type Change = 'disable' | 'enable' | 'makeManager' | 'makeAdmin' | 'endSessions';

const BUTTON: Record<Change, string> = {
  disable: t('accounts.disable'),
  enable: t('accounts.enable'),
  makeManager: t('accounts.makeManager'),
  makeAdmin: t('accounts.makeAdmin'),
  endSessions: t('accounts.endSessions'),
};

function question(change: Change, account: AccountRecord): string {
  const name = account.name;
  if (change === 'disable') return t('accounts.confirmDisable', { name });
  if (change === 'enable') return t('accounts.confirmEnable', { name });
  if (change === 'endSessions') return t('accounts.confirmEndSessions', { name });
  const role = change === 'makeManager' ? t('role.manager') : t('role.admin');
  return t('accounts.confirmRole', { name, role });
}

export function AccountControls({ account }: { account: AccountRecord }) {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<Change | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: (change: Change) => {
      if (change === 'disable' || change === 'enable')
        return dataProvider.setAccountDisabled(account.id, change === 'disable');
      if (change === 'endSessions') return dataProvider.endAccountSessions(account.id);
      return dataProvider.setAccountRole(account.id, change === 'makeManager' ? 'manager' : 'admin');
    },
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message || t('admin.errorGeneric'), { type: 'error' }),
  });
  const changes: Change[] = [
    account.disabled ? 'enable' : 'disable',
    account.role === 'manager' ? 'makeAdmin' : 'makeManager',
    'endSessions',
  ];
  return (
    // Inside a clickable row, and the dialog's clicks bubble through React's tree too: neither opens the edit form.
    <Box onClick={(event) => event.stopPropagation()}>
      <CardActions>
        {changes.map((change) => (
          <Button
            key={change}
            size="small"
            variant="outlined"
            color={change === 'disable' ? 'error' : 'primary'}
            disabled={isPending}
            onClick={() => setAsking(change)}
          >
            {BUTTON[change]}
          </Button>
        ))}
        <Confirm
          isOpen={asking !== null}
          loading={isPending}
          title={asking ? BUTTON[asking] : ''}
          content={asking ? question(asking, account) : ''}
          onConfirm={() => {
            if (asking) mutate(asking);
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      </CardActions>
    </Box>
  );
}
