// The spreadsheet import (issue 12): choose a file, see how its columns were understood, its first rows and what
// the import would do (the server's dry run), then confirm; the imports done before are listed with their undo.
import { useRef, useState } from 'react';
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
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Title, useDataProvider } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatNumber } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { t, type MessageKey } from '../../domain/messages';
import type { CemeteryDataProvider, ImportBatch, ImportReport } from '../../dataProvider';
import { RequireAccess } from '../layout/RequireAccess';
import { BURIALS } from './registerNouns';

const COLUMN_LABEL: Record<string, MessageKey> = {
  gender: 'grave.gender',
  number: 'grave.number',
  name: 'burial.name',
  date: 'burial.date',
  notes: 'entry.notes',
};

const BATCHES_KEY = ['register', 'importBatches'];

export function ImportPage() {
  return (
    <RequireAccess resource="imports" action="create">
      <Importer />
    </RequireAccess>
  );
}

function Importer() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = (error: Error & { status?: number }, fallback: MessageKey) =>
    setAnswer({ ok: false, text: error.status && error.message ? error.message : t(fallback) });

  const check = useMutation({
    mutationFn: (chosen: File) => dataProvider.importBurials(chosen, true),
    onError: (error: Error & { status?: number }) => failed(error, 'import.failed'),
  });
  const run = useMutation({
    mutationFn: (chosen: File) => dataProvider.importBurials(chosen, false),
    onSuccess: (report) => {
      setAnswer({
        ok: true,
        text: t('import.done', {
          burials: formatCount(report.burialsAdded, BURIALS),
          graves: formatCount(report.gravesCreated, 'grave'),
        }),
      });
      setFile(null);
      check.reset();
      void queryClient.invalidateQueries();
    },
    onError: (error: Error & { status?: number }) => failed(error, 'import.failed'),
  });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setAnswer(null);
    check.mutate(chosen);
  };
  const report = check.data;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={t('import.title')} />
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {t('import.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('import.intro')}
          </Typography>
          <input
            ref={input}
            id="import-file"
            type="file"
            accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = ''; // the same file may be chosen again after a fix
            }}
          />
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            sx={{ minHeight: 44 }}
            onClick={() => input.current?.click()}
          >
            {t('import.choose')}
          </Button>
          {file && (
            <Typography sx={{ mt: 1 }} className="import-file-name">
              {t('import.chosen', { name: file.name })}
            </Typography>
          )}
          {check.isPending && (
            <Typography role="status" sx={{ mt: 1 }}>
              {t('import.checking')}
            </Typography>
          )}
          {answer && (
            <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'} sx={{ mt: 2 }}>
              {answer.text}
            </Alert>
          )}
        </CardContent>
      </Card>
      {report && file && (
        <ReportCard
          report={report}
          busy={run.isPending}
          onConfirm={() => {
            setAnswer(null);
            run.mutate(file);
          }}
        />
      )}
      <Batches />
    </Stack>
  );
}

function ReportCard({ report, busy, onConfirm }: { report: ImportReport; busy: boolean; onConfirm: () => void }) {
  const figures: Array<[MessageKey, number]> = [
    ['import.rowsRead', report.rowsRead],
    ['import.gravesCreated', report.gravesCreated],
    ['import.burialsAdded', report.burialsAdded],
    ['import.duplicates', report.duplicates],
    ['import.refused', report.refused.length],
    ['import.warnings', report.warnings.length],
  ];
  const columns = Object.entries(report.columns ?? {});
  return (
    <Card className="import-report">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('import.report')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0 }}>
          {figures.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt">{t(label)}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-figure={label}>
                {formatNumber(value)}
              </Typography>
            </Box>
          ))}
        </Box>
        {columns.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('import.columns')}
            </Typography>
            <List dense>
              {columns.map(([field, header]) => (
                <ListItem key={field} disableGutters>
                  <ListItemText primary={`${COLUMN_LABEL[field] ? t(COLUMN_LABEL[field]) : field}: ${header}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {report.preview && report.preview.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('import.preview')}
            </Typography>
            <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
              <Table size="small" className="import-preview">
                <TableHead>
                  <TableRow>
                    {report.preview[0]!.map((cell, i) => (
                      <TableCell key={i}>{cell}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.preview.slice(1, 21).map((row, r) => (
                    <TableRow key={r}>
                      {row.map((cell, i) => (
                        <TableCell key={i}>{cell}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
        <Lines title={t('import.refused')} lines={report.refused} severity="error" />
        <Lines title={t('import.warnings')} lines={report.warnings} severity="warning" />
        <Box sx={{ mt: 2 }}>
          {report.burialsAdded > 0 || report.gravesCreated > 0 ? (
            <Button variant="contained" sx={{ minHeight: 44 }} onClick={onConfirm} disabled={busy}>
              {t('import.confirm', { burials: formatCount(report.burialsAdded, BURIALS, 'genitive') })}
            </Button>
          ) : (
            <Alert severity="info">{t('import.nothingToImport')}</Alert>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function Lines({
  title,
  lines,
  severity,
}: {
  title: string;
  lines: ImportReport['refused'];
  severity: 'error' | 'warning';
}) {
  if (lines.length === 0) return null;
  return (
    <Alert severity={severity} sx={{ mt: 2 }} className={`import-${severity}`}>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {lines.map((line, i) => (
          <li key={i}>
            {t('import.line', { line: formatNumber(line.line) })}: {line.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function Batches() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey: BATCHES_KEY, queryFn: () => dataProvider.listImportBatches() });
  const [asking, setAsking] = useState<ImportBatch | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const undo = useMutation({
    mutationFn: (batch: ImportBatch) => dataProvider.undoImportBatch(batch._id),
    onSuccess: (result) => {
      setAnswer({ ok: true, text: result.message || t('import.undone') });
      void queryClient.invalidateQueries();
    },
    onError: (error: Error & { status?: number }) =>
      setAnswer({ ok: false, text: error.status && error.message ? error.message : t('import.failed') }),
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
