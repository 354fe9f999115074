// The import's report: what the check found the import would do (with its confirm button), or what the real run
// did; the columns as understood, the file's first rows, every line left out with its reason, and the warnings.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../domain/text/format';
import { formatCount } from '../../../domain/text/nouns';
import { leftOutCsv } from '../../../domain/rules/leftOutLines';
import { t, type MessageKey } from '../../../domain/messages';
import type { ImportReport } from '../../../dataProvider';
import type { PreviewDate } from '../../../domain/rules/registerImport';
import { formatBurialDate } from '../../../domain/dates/dateText';
import { BURIALS } from '../registerNouns';
import { CsvButton } from './CsvButton';

const COLUMN_LABEL: Record<string, MessageKey> = {
  gender: 'import.sectionColumn',
  number: 'grave.number',
  name: 'burial.name',
  date: 'burial.date',
  notes: 'entry.notes',
};

/** The lines listed on the page; a long list goes on in the download. */
const LINES_SHOWN = 200;

/** The check's report (what the import would do, with its confirm button) or, `done`, what the real run did. */
export function ImportReportCard({
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
  // The date as read is drawn beside the file's date column (at the end when the file's header does not name it), so
  // a clerk reads the cell and its reading together, even on a phone.
  const dateHeader = report.columns?.date;
  const dateColumn = dateHeader === undefined ? -1 : (report.preview?.[0]?.indexOf(dateHeader) ?? -1);
  const besideDate = (cells: ReactNode[], read: ReactNode): ReactNode[] =>
    dateColumn < 0 || dateColumn >= cells.length
      ? [...cells, read]
      : [...cells.slice(0, dateColumn + 1), read, ...cells.slice(dateColumn + 1)];
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
                    {besideDate(
                      report.preview[0]!.map((cell, i) => <TableCell key={i}>{cell}</TableCell>),
                      report.previewDates && <TableCell key="read">{t('import.dateAsRead')}</TableCell>,
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.preview.slice(1, 21).map((row, r) => (
                    <TableRow key={r}>
                      {besideDate(
                        row.map((cell, i) => <TableCell key={i}>{cell}</TableCell>),
                        report.previewDates && <DateRead key="read" read={report.previewDates[r] ?? null} />,
                      )}
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

/**
 * A row's date as the import read it, in words and in both calendars; when its day and month could be swapped, the
 * other reading beside it, so a ledger written month-first is caught before confirming.
 */
function DateRead({ read }: { read: PreviewDate | null }) {
  if (read === null) return <TableCell>—</TableCell>;
  if ('error' in read) return <TableCell sx={{ color: 'error.main' }}>{read.error}</TableCell>;
  return (
    <TableCell className="import-date-read">
      {formatBurialDate(read.date, read.precision)}
      {read.swapped && (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'warning.dark', fontWeight: 700 }}>
          {t('import.dateSwapped', { date: formatBurialDate(read.swapped.date, read.swapped.precision) })}
        </Typography>
      )}
    </TableCell>
  );
}
