// Spec screen 8 and the accounts list: a manager sees the accounts and registers an admin.
import {
  Create,
  Datagrid,
  DateField,
  email,
  FunctionField,
  List,
  minLength,
  PasswordInput,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRedirect,
} from 'react-admin';
import { Typography } from '@mui/material';
import { t } from '../../../domain/messages';
import { LIMITS } from '../../../domain/validation';
import type { AccountRecord } from '../../../dataProvider';
import { ListPagination } from '../../components/ListPagination';
import { CardField, CardList, CreateLink, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';

const ROLE_LABEL = { manager: t('role.manager'), admin: t('role.admin') } as const;

const CREATED_AT = new Intl.DateTimeFormat('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' });

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
              <CardField label={t('admin.role')}>{ROLE_LABEL[u.role] ?? u.role}</CardField>
              {u.createdAt && (
                <CardField label={t('admin.createdAt')}>{CREATED_AT.format(new Date(u.createdAt))}</CardField>
              )}
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <TextField source="email" />
          <FunctionField<AccountRecord> source="role" render={(u) => ROLE_LABEL[u.role] ?? u.role} />
          <DateField source="createdAt" locales="ar-EG" options={{ year: 'numeric', month: 'long', day: 'numeric' }} />
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
          const status = (error as { status?: number }).status ?? 0;
          const message = (error as Error).message;
          notify(status > 0 && message ? message : t('register.failed'), { type: 'error' });
        },
      }}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton label={t('register.button')} />
          </Toolbar>
        }
      >
        <TextInput source="name" validate={required()} autoComplete="off" />
        <TextInput source="email" type="email" validate={[required(), email()]} autoComplete="off" />
        <PasswordInput
          source="password"
          validate={[required(), minLength(LIMITS.registerPasswordMin)]}
          autoComplete="new-password"
        />
      </SimpleForm>
    </Create>
  );
}
