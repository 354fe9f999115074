// Burials typed from the paper ledger: one row per burial, nothing needs the mouse. A row starts at the
// grave's number (the section is the row above's); Enter moves number → name → date → the next row, so a row
// costs three keystrokes beyond its text. Each row is checked as it is typed, with the Arabic reason beside it;
// "save all" saves the valid rows in one transaction and leaves the others where they are. What is typed is kept
// on this device (a draft) until it is saved, through an expired session, a network failure or a reload; the draft
// is the account's own (another account signing in on the same phone never sees it) and is erased at sign-out.
// Its rows' rules and fields are in ./ledger.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../api/errorMessage';
import { formatCount } from '../../domain/text/nouns';
import { t } from '../../domain/messages';
import type { CemeteryDataProvider, LedgerRow } from '../../dataProvider';
import { RequireAccess } from '../layout/RequireAccess';
import { useRegisterToday } from '../queries';
import { useEverySectionNumbers, useRegisterChanged } from '../queries/registerWrites';
import {
  checkRow,
  draftKey,
  emptyRow,
  ENTER_ORDER,
  fieldId,
  isBlank,
  readDraft,
  type Field,
  type Row,
} from './ledger/ledgerRows';
import { LedgerRowFields } from './ledger/LedgerRowFields';
import { BURIALS } from './registerNouns';

export function LedgerEntryPage() {
  return (
    <RequireAccess resource="burials" action="create">
      <LedgerEntry />
    </RequireAccess>
  );
}

function LedgerEntry() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  const registerChanged = useRegisterChanged();
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
  const { numbersOf, loading: sectionsLoading } = useEverySectionNumbers();

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
      registerChanged();
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
          {rows.map((row, i) => (
            <LedgerRowFields
              key={row.key}
              row={row}
              index={i}
              check={checks[i]!}
              change={(patch) => change(row.key, patch)}
              onEnter={(event, field) => onEnter(event, row, field)}
              fieldRef={(field) => ref(row.key, field)}
              onRemove={() =>
                setRows((current) =>
                  current.length === 1
                    ? [emptyRow(nextKey.current++, row.gender)]
                    : current.filter((r) => r.key !== row.key),
                )
              }
            />
          ))}
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
        {sectionsLoading && (
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
