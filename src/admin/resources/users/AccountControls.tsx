// What a manager does to an account from the accounts page: disable or enable it, give it the other
// role (manager, admin or data entry), end its sessions. Each asks first (its sessions end at once), then shows the server's message; a refusal
// (the last active manager) is the server's Arabic reason.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../domain/messages';
import type { CemeteryDataProvider, AccountRecord } from '../../../dataProvider';
import type { Role } from '../../../domain/types';
import { CardActions } from '../../components/CardList';

type RoleChange = 'makeManager' | 'makeAdmin' | 'makeClerk';
type Change = 'disable' | 'enable' | RoleChange | 'endSessions';

const ROLE_OF: Record<RoleChange, Role> = { makeManager: 'manager', makeAdmin: 'admin', makeClerk: 'clerk' };
const isRoleChange = (change: Change): change is RoleChange => change in ROLE_OF;

const BUTTON: Record<Change, string> = {
  disable: t('accounts.disable'),
  enable: t('accounts.enable'),
  makeManager: t('accounts.makeManager'),
  makeAdmin: t('accounts.makeAdmin'),
  makeClerk: t('accounts.makeClerk'),
  endSessions: t('accounts.endSessions'),
};

function question(change: Change, account: AccountRecord): string {
  const name = account.name;
  if (change === 'disable') return t('accounts.confirmDisable', { name });
  if (change === 'enable') return t('accounts.confirmEnable', { name });
  if (change === 'endSessions') return t('accounts.confirmEndSessions', { name });
  return t('accounts.confirmRole', { name, role: t(`role.${ROLE_OF[change]}`) });
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
      if (isRoleChange(change)) return dataProvider.setAccountRole(account.id, ROLE_OF[change]);
      return dataProvider.endAccountSessions(account.id);
    },
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
  });
  const changes: Change[] = [
    account.disabled ? 'enable' : 'disable',
    // The roles it does not have: a manager, an admin, or data entry.
    ...(Object.keys(ROLE_OF) as RoleChange[]).filter((change) => ROLE_OF[change] !== account.role),
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
