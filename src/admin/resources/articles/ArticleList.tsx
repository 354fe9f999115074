// Spec screen 14: titled 'المقالات'; titles link to the article; an X deletes behind 'هل تريد حذف المقال؟'
// (the row leaves after the server's OK); 'لا توجد مقالات متاحة.' when empty; 'إضافة مقال' to the form.
import { serverMessage } from '../../../api/errorMessage';
import { useState } from 'react';
import { Box, Button, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import {
  Confirm,
  Datagrid,
  DateField,
  FunctionField,
  List,
  TopToolbar,
  useCreatePath,
  useDelete,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router';
import { t } from '../../../domain/messages';
import { consolePaths } from '../../../domain/paths/consolePaths';
import type { ArticleRecord } from '../../../dataProvider';
import { ListPagination } from '../../components/ListPagination';
import { CardActions, CardList, CreateLink, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';

function DeleteArticleButton() {
  const record = useRecordContext<ArticleRecord>();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [remove, { isPending }] = useDelete<ArticleRecord>();
  if (!record) return null;
  return (
    <>
      <IconButton
        color="error"
        aria-label={`${t('burial.delete')}: ${record.title}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        disabled={isPending}
      >
        <CloseIcon />
      </IconButton>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t('burial.delete')}
        content={t('articles.confirmDelete')}
        confirm={t('burial.delete')}
        cancel={t('common.cancel')}
        onConfirm={() => {
          setOpen(false);
          remove(
            'articles',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify(t('article.deleted'), { type: 'success' }),
              onError: (error) => notify(serverMessage(error, 'admin.errorGeneric'), { type: 'error' }),
            },
          );
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function TitleLink() {
  const record = useRecordContext<ArticleRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return <Link to={createPath({ resource: 'articles', id: record.id, type: 'show' })}>{record.title}</Link>;
}

function AddArticleButton() {
  return <CreateLink resource="articles" label={t('articles.add')} />;
}

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography sx={{ mb: 2 }}>{t('articles.none')}</Typography>
      <Button variant="contained" component={Link} to={consolePaths.createArticle()} startIcon={<AddIcon />}>
        {t('articles.add')}
      </Button>
    </Box>
  );
}

const CREATED_AT = new Intl.DateTimeFormat('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' });

export function ArticleList() {
  const small = useSmallScreen();
  return (
    <List
      title={t('articles.heading')}
      error={<ListLoadError />}
      queryOptions={QUIET_ERRORS}
      actions={
        <TopToolbar>
          <AddArticleButton />
        </TopToolbar>
      }
      empty={<Empty />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      pagination={<ListPagination />}
      exporter={false}
    >
      {small ? (
        <CardList<ArticleRecord> label={t('articles.heading')}>
          {(a) => (
            <>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                <TitleLink />
              </Typography>
              <CardActions>
                {a.createdAt && (
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {CREATED_AT.format(new Date(a.createdAt))}
                  </Typography>
                )}
                <DeleteArticleButton />
              </CardActions>
            </>
          )}
        </CardList>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField source="title" render={() => <TitleLink />} />
          <DateField source="createdAt" locales="ar-EG" options={{ year: 'numeric', month: 'long', day: 'numeric' }} />
          <FunctionField label={t('burial.operations')} render={() => <DeleteArticleButton />} />
        </Datagrid>
      )}
    </List>
  );
}
