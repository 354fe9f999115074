// The spreadsheet import: choose a file, see how its columns were understood, its first rows and what
// the import would do (the server's dry run), then confirm; the imports done before are listed with their undo.
// After the real run its report stays: what was added, every line left out with its reason, the
// duplicates, and a download of the left-out lines as the file had them, to fix and import again. Its parts are
// in ./import.
import { useRef, useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Title, useDataProvider } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../api/errorMessage';
import { formatCount } from '../../domain/text/nouns';
import { importTemplateCsv } from '../../domain/rules/leftOutLines';
import { t, type MessageKey } from '../../domain/messages';
import type { CemeteryDataProvider, ImportReport } from '../../dataProvider';
import { RequireAccess } from '../layout/RequireAccess';
import { useRegisterChanged } from '../queries/registerWrites';
import { CsvButton } from './import/CsvButton';
import { ImportBatches } from './import/ImportBatches';
import { ImportReportCard } from './import/ImportReportCard';
import { BURIALS } from './registerNouns';

export function ImportPage() {
  return (
    <RequireAccess resource="imports" action="create">
      <Importer />
    </RequireAccess>
  );
}

function Importer() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const registerChanged = useRegisterChanged();
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
      registerChanged();
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
      {done && <ImportReportCard report={done} done />}
      {report && file && (
        <ImportReportCard
          report={report}
          busy={run.isPending}
          onConfirm={() => {
            setAnswer(null);
            run.mutate(file);
          }}
        />
      )}
      <ImportBatches />
    </Stack>
  );
}
