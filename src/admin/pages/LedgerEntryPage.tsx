// Burials typed from the paper ledger: one row per burial, nothing needs the mouse. A row starts at the
// grave's number (the section is the row above's); Enter moves number → name → date → the next row, so a row
// costs three keystrokes beyond its text. Each row is checked as it is typed, with the Arabic reason beside it;
// "save all" saves the valid rows in one transaction and leaves the others where they are. What is typed is kept
// on this device (a draft) until it is saved, through an expired session, a network failure or a reload; the draft
// is the account's own (another account signing in on the same phone never sees it) and is erased at sign-out.
import { serverMessage } from '../../api/errorMessage';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Title, useDataProvider } from 'react-admin';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { formatNumber, toArabicDigits } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { burialDateText, parseBurialDate } from '../../domain/dates/burialDate';
import { t } from '../../domain/messages';
import { checkBurialName, checkGraveNumber } from '../../domain/rules/validation';
import type { Gender } from '../../domain/types';
import type { CemeteryDataProvider, LedgerRow } from '../../dataProvider';
import { checkSession } from '../../shared/session';
import { RequireAccess } from '../layout/RequireAccess';
import { BURIALS } from './registerNouns';
import { useRegisterToday } from '../queries';
import { GENDER_LABEL } from '../resources/graves/labels';

/** The draft of the signed-in account (none without a session: nothing is kept for nobody). */
const draftKey = (): string | null => {
  const user = checkSession();
  return user ? `cemetery.ledgerDraft:${user.id}` : null;
};
const GENDERS: Gender[] = ['men', 'women', 'bones'];
/** The fields Enter walks through, in order; notes are reached with Tab (most ledgers have none). */
const ENTER_ORDER = ['number', 'name', 'date'] as const;
type Field = 'gender' | 'number' | 'name' | 'date' | 'notes';

interface Row {
  key: number;
  gender: Gender;
  number: string;
  name: string;
  date: string;
  notes: string;
  createGrave: boolean;
  /** The server's reason, when it refused the row at the last save. */
  refused?: string;
}

const emptyRow = (key: number, gender: Gender): Row => ({
  key,
  gender,
  number: '',
  name: '',
  date: '',
  notes: '',
  createGrave: false,
});
const isBlank = (row: Row) => row.number.trim() === '' && row.name.trim() === '' && row.date.trim() === '';

function readDraft(key: string | null): Row[] | null {
  if (key === null) return null;
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!Array.isArray(saved) || saved.length === 0) return null;
    return saved.map((r: Partial<Row>, i) => ({
      ...emptyRow(i + 1, GENDERS.includes(r.gender as Gender) ? (r.gender as Gender) : 'men'),
      number: String(r.number ?? ''),
      name: String(r.name ?? ''),
      date: String(r.date ?? ''),
      notes: String(r.notes ?? ''),
      createGrave: r.createGrave === true,
      refused: typeof r.refused === 'string' ? r.refused : undefined,
    }));
  } catch {
    return null;
  }
}

/** A row's checks, as typed: the reasons to show, and the row as the API takes it when it has none. */
function checkRow(row: Row, today: string, numbers: Set<string> | undefined) {
  const reasons: string[] = [];
  let unknownGrave = false;
  const number = checkGraveNumber(row.gender, row.number);
  if (!number.ok) reasons.push(t(number.error));
  else if (numbers && !numbers.has(String(number.value))) {
    unknownGrave = true;
    if (!row.createGrave) reasons.push(t('entry.unknownGrave'));
  }
  const name = checkBurialName(row.name);
  if (!name.ok) reasons.push(t(name.error));
  // The register's one burial-date reader: the server reads the row's date by the same rule.
  const date = parseBurialDate(row.date, today);
  if (!date.ok) reasons.push(t(date.error));
  const valid: LedgerRow | null =
    reasons.length === 0 && number.ok && name.ok && date.ok
      ? {
          gender: row.gender,
          graveNumber: String(number.value),
          name: name.value,
          burialDate: burialDateText(date.value.date, date.value.precision),
          ...(row.notes.trim() && { notes: row.notes.trim() }),
          ...(unknownGrave && { createGrave: true }),
        }
      : null;
  return { reasons, unknownGrave, valid };
}

export function LedgerEntryPage() {
  return (
    <RequireAccess resource="burials" action="create">
      <LedgerEntry />
    </RequireAccess>
  );
}

function LedgerEntry() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const queryClient = useQueryClient();
  const today = useRegisterToday();
  // The account is read once: the page belongs to whoever opened it, even if the session ends while it is open.
  const [draft] = useState(draftKey);
  const [restored] = useState(() => readDraft(draft));
  const [rows, setRows] = useState<Row[]>(() => restored ?? [emptyRow(1, 'men')]);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string; warnings?: string[] } | null>(null);
  const nextKey = useRef(Math.max(...rows.map((r) => r.key)) + 1);
  const fields = useRef(new Map<string, HTMLInputElement | null>());
  const focusAfterRender = useRef<string | null>(null);

  // The sections' grave numbers, to tell an unknown grave as the number is typed.
  const sections = useQueries({
    queries: GENDERS.map((gender) => ({
      queryKey: ['register', 'sectionNumbers', gender],
      queryFn: () => dataProvider.sectionNumbers(gender),
    })),
  });
  const numbersOf = (gender: Gender) => sections[GENDERS.indexOf(gender)]?.data;

  // The draft follows every change; an empty page leaves none.
  useEffect(() => {
    if (draft === null) return;
    if (rows.every(isBlank)) localStorage.removeItem(draft);
    else localStorage.setItem(draft, JSON.stringify(rows));
  }, [draft, rows]);

  useEffect(() => {
    if (focusAfterRender.current) {
      fields.current.get(focusAfterRender.current)?.focus();
      focusAfterRender.current = null;
    }
  });

  // A page holds a ledger page's rows (a few dozen): checked again on each render.
  const checks = rows.map((row) => checkRow(row, today, numbersOf(row.gender)));

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch, refused: undefined } : r)));

  const fieldId = (key: number, field: Field) => `ledger-${key}-${field}`;

  /** Enter: the next field of the row, or the next row's number (a new row after the last). */
  const onEnter = (event: KeyboardEvent, row: Row, field: Field) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const at = ENTER_ORDER.indexOf(field as (typeof ENTER_ORDER)[number]);
    if (at >= 0 && at < ENTER_ORDER.length - 1) {
      fields.current.get(fieldId(row.key, ENTER_ORDER[at + 1]!))?.focus();
      return;
    }
    const index = rows.findIndex((r) => r.key === row.key);
    const next = rows[index + 1];
    if (next) {
      fields.current.get(fieldId(next.key, 'number'))?.focus();
      return;
    }
    const added = emptyRow(nextKey.current++, row.gender);
    focusAfterRender.current = fieldId(added.key, 'number');
    setRows((current) => [...current, added]);
  };

  const save = useMutation({
    mutationFn: (toSave: Array<{ key: number; row: LedgerRow }>) =>
      dataProvider.saveLedgerRows(
        toSave.map((s) => s.row),
        false,
      ),
    onSuccess: (report, toSave) => {
      // The report's lines count the rows sent, from 1.
      const refusedKeys = new Map(report.refused.map((r) => [toSave[r.line - 1]?.key, r.message]));
      const savedKeys = new Set(toSave.map((s) => s.key).filter((key) => !refusedKeys.has(key)));
      const left = rows
        .filter((r) => !savedKeys.has(r.key) && !isBlank(r))
        .map((r) => (refusedKeys.has(r.key) ? { ...r, refused: refusedKeys.get(r.key) } : r));
      const burials = formatCount(report.burialsAdded, BURIALS);
      // The history rule's warnings and the duplicates left out, each with the name of its row: the
      // saved rows leave the page, their warnings stay in the message.
      const warnings = report.warnings.map((w) =>
        t('burialDate.rowWarning', { name: toSave[w.line - 1]?.row.name ?? '', message: w.message }),
      );
      setAnswer({
        ok: true,
        text: left.length === 0 ? t('entry.savedAll', { burials }) : t('entry.saved', { burials }),
        warnings,
      });
      const lastGender = rows[rows.length - 1]?.gender ?? 'men';
      const fresh = emptyRow(nextKey.current++, left[left.length - 1]?.gender ?? lastGender);
      setRows(left.length > 0 ? left : [fresh]);
      if (left.length === 0) focusAfterRender.current = fieldId(fresh.key, 'number');
      void queryClient.invalidateQueries();
    },
    onError: (error: Error & { status?: number }) =>
      setAnswer({ ok: false, text: serverMessage(error, 'entry.failed') }),
  });

  const saveAll = () => {
    const toSave = rows.flatMap((row, i) => {
      const valid = checks[i]?.valid;
      return valid && !row.refused ? [{ key: row.key, row: valid }] : [];
    });
    if (toSave.length === 0) {
      setAnswer({ ok: false, text: t('entry.nothingValid') });
      return;
    }
    setAnswer(null);
    save.mutate(toSave);
  };

  const ref = (key: number, field: Field) => (element: HTMLInputElement | null) => {
    fields.current.set(fieldId(key, field), element);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('entry.title')} />
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('entry.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('entry.intro')}
        </Typography>
        {restored && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('entry.draftRestored')}
          </Alert>
        )}
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('entry.title')}>
          {rows.map((row, i) => {
            const check = checks[i]!;
            const touched = !isBlank(row);
            const reasons = row.refused ? [row.refused] : touched ? check.reasons : [];
            const label = t('entry.row', { n: formatNumber(i + 1) });
            return (
              <Box
                component="li"
                key={row.key}
                className="ledger-row"
                aria-label={label}
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: {
                    xs: '1fr 1fr',
                    md: '8rem 7rem minmax(12rem, 2fr) 9rem minmax(8rem, 1fr) 3rem',
                  },
                  alignItems: 'start',
                  borderBottom: 1,
                  borderColor: 'divider',
                  pb: 1,
                }}
              >
                <TextField
                  select
                  id={fieldId(row.key, 'gender')}
                  label={t('entry.section')}
                  value={row.gender}
                  onChange={(e) => change(row.key, { gender: e.target.value as Gender })}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  size="small"
                >
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {GENDER_LABEL[g]}
                    </option>
                  ))}
                </TextField>
                <TextField
                  id={fieldId(row.key, 'number')}
                  label={t('grave.number')}
                  value={row.number}
                  inputRef={ref(row.key, 'number')}
                  onChange={(e) => change(row.key, { number: e.target.value })}
                  onKeyDown={(e) => onEnter(e, row, 'number')}
                  autoFocus={i === 0}
                  slotProps={{ htmlInput: { inputMode: row.gender === 'bones' ? 'text' : 'numeric' } }}
                  size="small"
                />
                <TextField
                  id={fieldId(row.key, 'name')}
                  label={t('burial.name')}
                  value={row.name}
                  inputRef={ref(row.key, 'name')}
                  onChange={(e) => change(row.key, { name: e.target.value })}
                  onKeyDown={(e) => onEnter(e, row, 'name')}
                  size="small"
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                />
                <TextField
                  id={fieldId(row.key, 'date')}
                  label={t('burial.date')}
                  value={row.date}
                  inputRef={ref(row.key, 'date')}
                  onChange={(e) => change(row.key, { date: e.target.value })}
                  // Dates are shown in Arabic-Indic digits (the reader takes either).
                  onBlur={() =>
                    row.date !== toArabicDigits(row.date) && change(row.key, { date: toArabicDigits(row.date) })
                  }
                  onKeyDown={(e) => onEnter(e, row, 'date')}
                  placeholder="١٥/٣/٢٠٠٤"
                  size="small"
                />
                <TextField
                  id={fieldId(row.key, 'notes')}
                  label={t('entry.notes')}
                  value={row.notes}
                  inputRef={ref(row.key, 'notes')}
                  onChange={(e) => change(row.key, { notes: e.target.value })}
                  onKeyDown={(e) => onEnter(e, row, 'notes')}
                  size="small"
                />
                <IconButton
                  aria-label={t('entry.removeRow', { n: formatNumber(i + 1) })}
                  onClick={() =>
                    setRows((current) =>
                      current.length === 1
                        ? [emptyRow(nextKey.current++, row.gender)]
                        : current.filter((r) => r.key !== row.key),
                    )
                  }
                  sx={{ width: 44, height: 44 }}
                >
                  <DeleteIcon />
                </IconButton>
                {(reasons.length > 0 || (touched && check.unknownGrave)) && (
                  <Box sx={{ gridColumn: '1 / -1' }} className="ledger-row-check">
                    {reasons.map((reason) => (
                      <Typography key={reason} variant="body2" color="error" role="alert">
                        {reason}
                      </Typography>
                    ))}
                    {touched && check.unknownGrave && !row.refused && (
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={row.createGrave}
                            onChange={(e) => change(row.key, { createGrave: e.target.checked })}
                          />
                        }
                        label={row.createGrave ? t('entry.willCreate') : t('entry.createGrave')}
                      />
                    )}
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('burialDate.hint')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            sx={{ minHeight: 44 }}
            onClick={() => {
              const added = emptyRow(nextKey.current++, rows[rows.length - 1]?.gender ?? 'men');
              focusAfterRender.current = fieldId(added.key, 'number');
              setRows((current) => [...current, added]);
            }}
          >
            {t('entry.addRow')}
          </Button>
          <Button variant="contained" sx={{ minHeight: 44 }} onClick={saveAll} disabled={save.isPending}>
            {save.isPending ? t('entry.saving') : t('entry.saveAll')}
          </Button>
        </Stack>
        {sections.some((s) => s.isPending) && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {t('entry.sectionsLoading')}
          </Typography>
        )}
        {answer && (
          <Alert
            severity={!answer.ok ? 'error' : answer.warnings?.length ? 'warning' : 'success'}
            role={answer.ok ? 'status' : 'alert'}
            sx={{ mt: 2 }}
          >
            {answer.text}
            {answer.warnings?.map((warning, i) => (
              <Typography key={i} variant="body2" sx={{ mt: 1 }}>
                {warning}
              </Typography>
            ))}
          </Alert>
        )}
        {!rows.every(isBlank) && (
          <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>
            {t('entry.draftKept')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
