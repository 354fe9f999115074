// Spec screen 8 and the accounts list: a manager sees the accounts (with their last sign-in and whether they are
// disabled), registers an admin (or a clerk or a manager), corrects an account's name or e-mail address, and controls it (AccountControls).
import { serverMessage } from '../../../api/errorMessage';
import {
  Create,
  Datagrid,
  EditButton,
  DateField,
  Edit,
  FunctionField,
  List,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRedirect,
  type Validator,
} from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { t } from '../../../domain/messages';
import { isRole, type Role } from '../../../domain/types';
import { checkNewPassword, checkStaffEmail } from '../../../domain/rules/validation';
import { fieldRefusal, type AccountRecord } from '../../../dataProvider';
import { ListPagination } from '../../components/ListPagination';
import { CardActions, CardField, CardList, CreateLink, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { useRegisterDateTimeFormat } from '../../queries';
import { AccountControls } from './AccountControls';

// The rules the API applies (src/domain), checked before sending with the same Arabic words.
const staffEmail: Validator = (value) => {
  const checked = checkStaffEmail(value);
  return checked.ok ? undefined : t(checked.error);
};
const newPassword: Validator = (value) => {
  const checked = checkNewPassword(value ?? '');
  return checked.ok ? undefined : t(checked.error);
};

const ROLE_LABEL: Record<Role, string> = {
  manager: t('role.manager'),
  admin: t('role.admin'),
  clerk: t('role.clerk'),
};

/** The roles a manager may give a new account, each with what it may do; an admin unless another is chosen. */
const ROLE_CHOICES = (['admin', 'clerk', 'manager'] as const).map((role) => ({ id: role, name: ROLE_LABEL[role] }));

function RoleHint() {
  const role = useWatch<{ role?: Role }>({ name: 'role' });
  return <>{isRole(role) ? t(`register.roleHint.${role}`) : ''}</>;
}

const CREATED_AT = new Intl.DateTimeFormat('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' });

/** The last sign-in in the register's time zone (ar-EG long date and time), or that there was none yet. */
function LastLogin({ account }: { account: AccountRecord }) {
  const format = useRegisterDateTimeFormat();
  return <>{account.lastLoginAt ? format.format(new Date(account.lastLoginAt)) : t('accounts.neverLoggedIn')}</>;
}

function AccountStatus({ account }: { account: AccountRecord }) {
  return account.disabled ? (
    <Chip size="small" color="error" variant="outlined" label={t('accounts.disabled')} />
  ) : (
    <Chip size="small" variant="outlined" label={t('accounts.active')} />
  );
}

export function UserList() {
  const small = useSmallScreen();
  return (
    <List
      title={t('admin.users')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      actions={
        <TopToolbar>
          <CreateLink resource="users" label={t('nav.register')} />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'ASC' }}
      pagination={<ListPagination />}
      exporter={false}
    >
      {small ? (
        <CardList<AccountRecord> label={t('admin.users')}>
          {(u) => (
            <>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {u.name}
              </Typography>
              <CardField label={t('auth.email')}>
                <bdi dir="ltr">{u.email}</bdi>
              </CardField>
              <CardField label={t('admin.role')}>{ROLE_LABEL[u.role]}</CardField>
              <CardField label={t('accounts.status')}>
                <AccountStatus account={u} />
              </CardField>
              <CardField label={t('accounts.lastLogin')}>
                <LastLogin account={u} />
              </CardField>
              {u.createdAt && (
                <CardField label={t('admin.createdAt')}>{CREATED_AT.format(new Date(u.createdAt))}</CardField>
              )}
              <CardActions>
                <EditButton record={u} label={t('admin.edit')} />
              </CardActions>
              <AccountControls account={u} />
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="name" />
          <TextField source="email" />
          <FunctionField<AccountRecord> source="role" render={(u) => ROLE_LABEL[u.role]} />
          <FunctionField<AccountRecord>
            label={t('accounts.status')}
            sortable={false}
            render={(u) => <AccountStatus account={u} />}
          />
          <FunctionField<AccountRecord>
            source="lastLoginAt"
            label={t('accounts.lastLogin')}
            render={(u) => <LastLogin account={u} />}
          />
          <DateField source="createdAt" locales="ar-EG" options={{ year: 'numeric', month: 'long', day: 'numeric' }} />
          <FunctionField<AccountRecord>
            label={t('accounts.actions')}
            sortable={false}
            render={(u) => <AccountControls account={u} />}
          />
        </Datagrid>
      )}
    </List>
  );
}

export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<AccountRecord>
      title={t('nav.register')}
      mutationOptions={{
        onSuccess: () => {
          notify(t('register.success'), { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error) => {
          // A refusal about a field (a taken or refused address) is shown under it only.
          if (fieldRefusal(error)) return;
          notify(serverMessage(error, 'register.failed'), { type: 'error' });
        },
      }}
    >
      <SimpleForm
        disableInvalidFormNotification
        toolbar={
          <Toolbar>
            <SaveButton label={t('register.button')} />
          </Toolbar>
        }
      >
        <TextInput source="name" validate={required()} autoComplete="off" />
        <TextInput
          source="email"
          type="email"
          validate={[required(), staffEmail]}
          helperText={t('auth.emailTld')}
          autoComplete="off"
        />
        <PasswordInput
          source="password"
          validate={[required(), newPassword]}
          helperText={t('register.passwordShort')}
          autoComplete="new-password"
        />
        <SelectInput
          source="role"
          label={t('admin.role')}
          choices={ROLE_CHOICES}
          defaultValue="admin"
          validate={required()}
          helperText={<RoleHint />}
        />
      </SimpleForm>
    </Create>
  );
}

export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    // A mutationOptions.onSuccess replaces react-admin's own (notify and redirect), so it redirects itself.
    <Edit<AccountRecord>
      title={t('admin.userEdit')}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(t('account.updated'), { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error) => {
          // A refused address (taken, or one the login form refuses) is shown under the field only.
          if (fieldRefusal(error)) return;
          notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' });
        },
      }}
    >
      <SimpleForm disableInvalidFormNotification>
        <TextInput source="name" validate={required()} autoComplete="off" />
        <TextInput
          source="email"
          type="email"
          validate={[required(), staffEmail]}
          helperText={t('auth.emailTld')}
          autoComplete="off"
        />
      </SimpleForm>
    </Edit>
  );
}
