// The yearly register book in the console, for every staff role: a year of either calendar (or a section's whole
// register), its burials numbered in date order with both dates and the totals, printed from the browser (only
// the book is printed, its pages numbered at their foot) or downloaded as the server's PDF.
import { useState, type FormEvent } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRegisterBook, type Book } from '../queries/registerBook';
import type { BookAsked } from '../queries/asked';
import { Title } from 'react-admin';
import { statisticsPaths } from '../../api/statisticsPaths';
import { t } from '../../domain/messages';
import { hijriParts } from '../../domain/dates/hijri';
import { toWesternDigits } from '../../domain/search/normalize';
import { BOOK_YEARS, type BookCalendar, type BookLine, type BookSection } from '../../domain/statistics/registerBook';
import { toArabicDigits } from '../../domain/text/format';
import { consolePaths } from '../../domain/paths/consolePaths';
import { DownloadButton } from '../components/DownloadButton';
import { RequireAccess } from '../layout/RequireAccess';

/**
 * The page's address, under the planning page's: a path of its own in consolePaths would weigh on the home page's
 * first download, which carries that table and sits at its budget.
 */
export const REGISTER_BOOK_PATH = `${consolePaths.statistics()}/register-book`;

const COLUMNS: Array<{ key: keyof BookLine; label: Parameters<typeof t>[0] }> = [
  { key: 'n', label: 'registerBook.number' },
  { key: 'section', label: 'registerBook.section' },
  { key: 'grave', label: 'registerBook.grave' },
  { key: 'name', label: 'registerBook.name' },
  { key: 'gregorian', label: 'registerBook.gregorian' },
  { key: 'hijri', label: 'registerBook.hijri' },
];

/** «صفحة {page} من {pages}» as a CSS content value, the numbers counted by the printer in Arabic-Indic digits. */
function pageFooter(): string {
  // The message with its placeholders as they are: «صفحة {page} من {pages}».
  return t('registerBook.page')
    .split(/(\{pages?\})/)
    .filter((part) => part !== '')
    .map((part) =>
      part === '{page}'
        ? 'counter(page, arabic-indic)'
        : part === '{pages}'
          ? 'counter(pages, arabic-indic)'
          : JSON.stringify(part),
    )
    .join(' ');
}

/** On paper: the book alone, A4 across, its pages numbered at their foot; the console's chrome is not printed. */
const PRINT_CSS = `
@page { size: A4 landscape; margin: 12mm 10mm 14mm; @bottom-center { content: ${pageFooter()}; font-size: 9pt; } }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  .register-book, .register-book * { visibility: visible; }
  .register-book { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .register-book thead { display: table-header-group; }
  .register-book tr { break-inside: avoid; }
}`;

function thisYear(calendar: BookCalendar): number {
  const today = new Date().toISOString().slice(0, 10);
  return calendar === 'hijri' ? hijriParts(today).year : Number(today.slice(0, 4));
}

function BookForm() {
  const [calendar, setCalendar] = useState<BookCalendar>('gregorian');
  const [yearText, setYearText] = useState(String(thisYear('gregorian')));
  const [section, setSection] = useState<BookSection | ''>('');
  const [asked, setAsked] = useState<BookAsked | null>(null);
  const bounds = BOOK_YEARS[calendar];
  const year = Number(toWesternDigits(yearText.trim()));
  const yearOk = Number.isInteger(year) && year >= bounds.min && year <= bounds.max;

  const book = useRegisterBook(asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (yearOk) setAsked({ year, calendar, ...(section ? { section } : {}) });
  };

  return (
    <>
      <Card variant="outlined" sx={{ displayPrint: 'none' }}>
        <CardContent>
          <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('registerBook.calendar')}
              value={calendar}
              size="small"
              onChange={(e) => {
                const next = e.target.value as BookCalendar;
                setCalendar(next);
                setYearText(String(thisYear(next)));
              }}
            >
              <MenuItem value="gregorian">{t('statisticsPage.gregorian')}</MenuItem>
              <MenuItem value="hijri">{t('statisticsPage.hijri')}</MenuItem>
            </TextField>
            <TextField
              label={t('registerBook.year')}
              value={yearText}
              size="small"
              onChange={(e) => setYearText(e.target.value)}
              error={!yearOk}
              helperText={
                yearOk
                  ? ' '
                  : t('registerBook.yearInvalid', {
                      min: toArabicDigits(String(bounds.min)),
                      max: toArabicDigits(String(bounds.max)),
                    })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-book-year': true } }}
            />
            <TextField
              select
              label={t('registerBook.section')}
              value={section}
              size="small"
              onChange={(e) => setSection(e.target.value as BookSection | '')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t('registerBook.allSections')}</MenuItem>
              <MenuItem value="men">{t('gender.men')}</MenuItem>
              <MenuItem value="women">{t('gender.women')}</MenuItem>
              <MenuItem value="bones">{t('gender.bones')}</MenuItem>
            </TextField>
            <Box>
              <Button type="submit" variant="contained" disabled={!yearOk} sx={{ whiteSpace: 'nowrap' }}>
                {t('registerBook.show')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {book.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('statisticsPage.loadFailed')}
        </Alert>
      )}
      {book.data && asked && (
        <>
          <Stack direction="row" spacing={1} sx={{ mt: 2, displayPrint: 'none', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('registerBook.print')}
            </Button>
            <DownloadButton
              path={statisticsPaths.registerBook(asked)}
              label={t('registerBook.download')}
              fileName={`register-book-${asked.year}.pdf`}
            />
          </Stack>
          <BookPages book={book.data} />
        </>
      )}
    </>
  );
}

/** The book as it prints: its title and the cemetery's name, the numbered lines, the totals after them. */
function BookPages({ book }: { book: Book }) {
  return (
    <Box className="register-book" sx={{ mt: 2, overflowX: 'auto', bgcolor: 'background.paper', p: { xs: 1, sm: 2 } }}>
      <style>{PRINT_CSS}</style>
      <Typography variant="h5" component="h2">
        {book.title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{book.cemetery}</Typography>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: '0.85rem',
          '& th, & td': { borderBottom: '1px solid #c9d3cf', px: 0.75, py: 0.5, textAlign: 'start' },
          '& th': { bgcolor: '#e8efec' },
        }}
      >
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col">
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {book.lines.map((line) => (
            <tr key={line.n}>
              {COLUMNS.map((c) => (
                <td key={c.key}>{line[c.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {book.lines.length === 0 && <Typography sx={{ mt: 1 }}>{t('registerBook.empty')}</Typography>}
      <Box sx={{ mt: 2 }} data-book-totals>
        {book.totals.map((line) => (
          <Typography key={line} sx={{ fontWeight: 600 }}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

export function RegisterBookPage() {
  return (
    <RequireAccess resource="burials" action="list">
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Title title={t('registerBook.menu')} />
        <BookForm />
      </Box>
    </RequireAccess>
  );
}
