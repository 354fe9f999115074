// What a list or a page says when it could not be read: the reason in Arabic and a retry, never 'no results' or
// 'not found' for a read that failed. A 404 says the record does not exist; a failed connection says so.
import { Alert, Box, Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Title, useListContext } from 'react-admin';
import { t } from '../../domain/messages';

/** react-admin's queries report their failures themselves; the page shows them instead (no toast besides). */
export const QUIET_ERRORS = { onError: () => {} } as const;

function statusOf(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}

/** The words for a failed read: a missing record, a failed connection, or `fallback`. */
export function loadErrorText(error: unknown, fallback: string): { message: string; hint: string | null } {
  const status = statusOf(error);
  // The console's client turns a fetch that never reached the server into status 0 (src/dataProvider/http.ts).
  if (status === 0) return { message: t('errors.connection'), hint: t('admin.connectionHint') };
  if (status === 404) return { message: t('admin.recordMissing'), hint: null };
  return { message: fallback, hint: null };
}

export function LoadError({
  error,
  onRetry,
  fallback,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  fallback: string;
  /** The app bar's title while the error shows (pages that draw their own title). */
  title?: string;
}) {
  const { message, hint } = loadErrorText(error, fallback);
  const missing = statusOf(error) === 404;
  return (
    <Box sx={{ p: 2 }}>
      {title && <Title title={title} />}
      <Alert
        severity={missing ? 'warning' : 'error'}
        role="alert"
        action={
          // A record that does not exist is not read again: retrying cannot bring it back.
          missing ? undefined : (
            <Button color="inherit" onClick={onRetry} startIcon={<RefreshIcon />}>
              {t('action.retry')}
            </Button>
          )
        }
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography component="p">{message}</Typography>
        {hint && (
          <Typography component="p" variant="body2">
            {hint}
          </Typography>
        )}
      </Alert>
    </Box>
  );
}

/** A List's `error`: the list's own failure and its retry (react-admin draws it instead of the rows). */
export function ListLoadError({ fallback = t('admin.listLoadError') }: { fallback?: string }) {
  const { error, refetch } = useListContext();
  return <LoadError error={error} onRetry={() => void refetch()} fallback={fallback} />;
}
