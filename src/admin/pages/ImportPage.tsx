// The spreadsheet import: choose a file, see how its columns were understood, its first rows and what
// the import would do (the server's dry run), then confirm; the imports done before are listed with their undo.
// After the real run its report stays: what was added, every line left out with its reason, the
// duplicates, and a download of the left-out lines as the file had them, to fix and import again.
import { serverMessage } from '../../api/errorMessage';
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
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Title, useDataProvider } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatNumber } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { importTemplateCsv, leftOutCsv } from '../../domain/rules/leftOutLines';
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

/** The lines listed on the page; a long list goes on in the download. */
const LINES_SHOWN = 200;

/** Saves a CSV text (already with its byte-order mark: src/domain/rules/csv.ts) as a file of the browser. */
function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** A labelled download of a CSV the page writes itself. */
function CsvButton({ label, fileName, text, id }: { label: string; fileName: string; text: () => string; id: string }) {
  return (
    <Button
      id={id}
      variant="outlined"
      startIcon={<DownloadIcon />}
      sx={{ minHeight: 44, whiteSpace: 'normal', textAlign: 'start' }}
      onClick={() => saveCsv(text(), fileName)}
    >
      {label}
    </Button>
  );
}

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
  // The real run's report: it stays until another file is chosen.
  const [done, setDone] = useState<ImportReport | null>(null);
  const failed = (error: Error & { status?: number }, fallback: MessageKey) =>
    setAnswer({ ok: false, text: serverMessage(error, fallback) });

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
      setDone(report);
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
    setDone(null);
    check.mutate(chosen);
  };
  const report = check.data;

  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0, maxWidth: '100%' }} className="import-page">
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
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<UploadIcon />}
              sx={{ minHeight: 44 }}
              onClick={() => input.current?.click()}
            >
              {t('import.choose')}
            </Button>
            <CsvButton
              id="import-template"
              label={t('importDownload.template')}
              fileName={t('importDownload.templateFile')}
              text={importTemplateCsv}
            />
          </Stack>
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
      {done && <ReportCard report={done} done />}
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

/** The check's report (what the import would do, with its confirm button) or, `done`, what the real run did. */
function ReportCard({
  report,
  busy = false,
  onConfirm,
  done = false,
}: {
  report: ImportReport;
  busy?: boolean;
  onConfirm?: () => void;
  done?: boolean;
}) {
  const figures: Array<[MessageKey, number]> = [
    ['import.rowsRead', report.rowsRead],
    [done ? 'importDone.gravesCreated' : 'import.gravesCreated', report.gravesCreated],
    [done ? 'importDone.burialsAdded' : 'import.burialsAdded', report.burialsAdded],
    [done ? 'importDone.duplicates' : 'import.duplicates', report.duplicates],
    [done ? 'importDone.refused' : 'import.refused', report.refused.length],
    ['import.warnings', report.warnings.length],
  ];
  const columns = done ? [] : Object.entries(report.columns ?? {});
  const leftOut = report.leftOut;
  return (
    <Card className={done ? 'import-done' : 'import-report'} sx={{ minWidth: 0, maxWidth: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t(done ? 'importDone.title' : 'import.report')}
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
        {!done && report.preview && report.preview.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('import.preview')}
            </Typography>
            {/*
              The table scrolls inside its card, never the page (a phone is 360 px wide): with `contain` its width
              does not widen the console's layout (which takes the width of what it holds), and its cells keep to
              one line, so it is as wide as the file and scrolls.
            */}
            <Box
              sx={{ overflowX: 'auto', maxWidth: '100%', contain: 'inline-size' }}
              className="import-preview-scroll"
              tabIndex={0}
              role="region"
              aria-label={t('import.preview')}
            >
              <Table size="small" className="import-preview" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
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
        <Lines title={t(done ? 'importDone.refused' : 'import.refused')} lines={report.refused} severity="error" />
        {leftOut && leftOut.rows.length > 0 && (
          <Box sx={{ mt: 2 }}>
            {done && <Typography sx={{ mb: 1 }}>{t('importDone.again')}</Typography>}
            <CsvButton
              id={done ? 'import-left-out' : 'import-left-out-check'}
              label={t('importDownload.leftOut')}
              fileName={t('importDownload.leftOutFile')}
              text={() => leftOutCsv(leftOut)}
            />
          </Box>
        )}
        <Lines title={t('import.warnings')} lines={report.warnings} severity="warning" />
        {!done && (
          <Box sx={{ mt: 2 }}>
            {report.burialsAdded > 0 || report.gravesCreated > 0 ? (
              <Button variant="contained" sx={{ minHeight: 44 }} onClick={onConfirm} disabled={busy}>
                {t('import.confirm', { burials: formatCount(report.burialsAdded, BURIALS, 'genitive') })}
              </Button>
            ) : (
              <Alert severity="info">{t('import.nothingToImport')}</Alert>
            )}
          </Box>
        )}
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
        {lines.slice(0, LINES_SHOWN).map((line, i) => (
          <li key={i}>
            {t('import.line', { line: formatNumber(line.line) })}: {line.message}
          </li>
        ))}
      </Box>
      {lines.length > LINES_SHOWN && (
        <Typography variant="body2">
          {t('importDone.more', { lines: formatCount(lines.length - LINES_SHOWN, 'line') })}
        </Typography>
      )}
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
