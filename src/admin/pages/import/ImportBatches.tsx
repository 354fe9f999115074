// The imports (and the ledger's pages) done before, each with its undo behind a confirmation.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Typography,
} from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../api/errorMessage';
import { formatDate } from '../../../domain/text/format';
import { formatCount } from '../../../domain/text/nouns';
import { t } from '../../../domain/messages';
import type { CemeteryDataProvider, ImportBatch } from '../../../dataProvider';
import { useImportBatches, useRegisterChanged } from '../../queries/registerWrites';
import { BURIALS } from '../registerNouns';

export function ImportBatches() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const registerChanged = useRegisterChanged();
  const batches = useImportBatches();
  const [asking, setAsking] = useState<ImportBatch | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const undo = useMutation({
    mutationFn: (batch: ImportBatch) => dataProvider.undoImportBatch(batch._id),
    onSuccess: (result) => {
      setAnswer({ ok: true, text: result.message || t('import.undone') });
      registerChanged();
    },
    onError: (error: Error & { status?: number }) =>
      setAnswer({ ok: false, text: serverMessage(error, 'import.failed') }),
  });
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('import.batches')}
        </Typography>
        {batches.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void batches.refetch()} sx={{ minHeight: 44 }}>
                {t('register.retry')}
              </Button>
            }
          >
            {t('import.loadFailed')}
          </Alert>
        ) : batches.isPending ? (
          <Typography role="status">{t('common.loading')}</Typography>
        ) : batches.data.length === 0 ? (
          <Typography>{t('import.noBatches')}</Typography>
        ) : (
          <Box component="ul" className="import-batches" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {batches.data.map((batch) => (
              <Box
                component="li"
                key={batch._id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 14rem' }}>
                  <Typography>
                    {t('import.batchLine', {
                      date: formatDate(batch.createdAt),
                      burials: formatCount(batch.burialsAdded, BURIALS),
                    })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {batch.kind === 'entry' ? t('entry.title') : (batch.fileName ?? t('import.title'))}
                    {batch.undoneAt && ` — ${t('import.undoneAt', { date: formatDate(batch.undoneAt) })}`}
                  </Typography>
                </Box>
                {batch.undoneAt === null && (
                  <Button color="error" sx={{ minHeight: 44 }} onClick={() => setAsking(batch)}>
                    {t('import.undo')}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
        {answer && (
          <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
            {answer.text}
          </Alert>
        )}
      </CardContent>
      <Dialog open={asking !== null} onClose={() => setAsking(null)}>
        <DialogContent>
          <DialogContentText>{t('import.undoConfirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)} sx={{ minHeight: 44 }}>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            sx={{ minHeight: 44 }}
            onClick={() => {
              if (asking) undo.mutate(asking);
              setAsking(null);
            }}
          >
            {t('import.undo')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
