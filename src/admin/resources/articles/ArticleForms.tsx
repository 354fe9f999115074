// Spec screens 15 and 16: an article's page, the add form (title and content required) and the edit form.
import { serverMessage } from '../../../api/errorMessage';
import {
  Create,
  Edit,
  EditButton,
  required,
  SaveButton,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useEditContext,
  useRedirect,
  useShowContext,
} from 'react-admin';
import { Button, Typography } from '@mui/material';
import { t } from '../../../domain/messages';
import { publicPaths } from '../../../domain/paths/publicPaths';
import { fieldRefusal, type ArticleRecord } from '../../../dataProvider';
import { TEXT_FIELDS } from '../../../domain/rules/validation';
import { LoadError, QUIET_ERRORS } from '../../components/LoadError';
import { followsTextRules } from '../../components/textRules';

/**
 * The edit and show pages' title: the article's own title after a colon, never run into react-admin's
 * '<action> <resource name> <record>' phrase (a title beginning with 'مقال' read 'تعديل مقال مقال…').
 */
function ArticleTitle({ page }: { page: 'edit' | 'show' }) {
  const title = useRecordContext<ArticleRecord>()?.title?.trim();
  if (page === 'edit') return <>{title ? t('admin.articleEditTitle', { title }) : t('admin.articleEdit')}</>;
  return <>{title ? t('admin.articleShowTitle', { title }) : t('admin.article')}</>;
}

function ArticleFields() {
  return (
    <>
      <TextInput source="title" validate={[required(), followsTextRules(TEXT_FIELDS.articleTitle)]} fullWidth />
      <TextInput
        source="content"
        validate={[required(), followsTextRules(TEXT_FIELDS.articleContent)]}
        multiline
        minRows={8}
        fullWidth
      />
    </>
  );
}

export function ArticleCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<ArticleRecord>
      title={t('article.newHeading')}
      mutationOptions={{
        onSuccess: () => {
          notify(t('article.addSuccess'), { type: 'success' });
          redirect('list', 'articles');
        },
        // A refusal about the title or the content is shown under that field only.
        onError: (error) => {
          if (!fieldRefusal(error)) notify(t('article.addError'), { type: 'error' });
        },
      }}
    >
      <SimpleForm
        disableInvalidFormNotification
        toolbar={
          <Toolbar>
            <SaveButton label={t('article.addButton')} />
          </Toolbar>
        }
      >
        <ArticleFields />
      </SimpleForm>
    </Create>
  );
}

export function ArticleEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    // A mutationOptions.onSuccess replaces react-admin's own (notify and redirect), so it redirects itself.
    <Edit<ArticleRecord>
      title={<ArticleTitle page="edit" />}
      error={<EditLoadError />}
      redirectOnError={false}
      queryOptions={QUIET_ERRORS}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data) => {
          notify(t('article.updated'), { type: 'success' });
          redirect('show', 'articles', data.id, data);
        },
        onError: (error) => {
          if (!fieldRefusal(error)) notify(serverMessage(error, 'admin.articleUpdateError'), { type: 'error' });
        },
      }}
    >
      <SimpleForm disableInvalidFormNotification>
        <ArticleFields />
      </SimpleForm>
    </Edit>
  );
}

/** A failed read of the article stays on its page with the reason and a retry (no redirect to the list). */
function ShowLoadError() {
  const { error, refetch } = useShowContext<ArticleRecord>();
  return <LoadError error={error} onRetry={() => void refetch()} fallback={t('admin.recordLoadError')} />;
}

function EditLoadError() {
  const { error, refetch } = useEditContext<ArticleRecord>();
  return <LoadError error={error} onRetry={() => void refetch()} fallback={t('admin.recordLoadError')} />;
}

function PublicLink() {
  const record = useRecordContext<ArticleRecord>();
  if (!record) return null;
  return <Button href={publicPaths.article.href(String(record.id))}>{t('admin.viewArticle')}</Button>;
}

function Content() {
  const record = useRecordContext<ArticleRecord>();
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }}>
      {record?.content}
    </Typography>
  );
}

export function ArticleShow() {
  return (
    <Show<ArticleRecord>
      title={<ArticleTitle page="show" />}
      error={<ShowLoadError />}
      redirectOnError={false}
      queryOptions={QUIET_ERRORS}
      actions={
        <TopToolbar>
          <PublicLink />
          <EditButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="title" variant="h6" />
        <Content />
      </SimpleShowLayout>
    </Show>
  );
}
