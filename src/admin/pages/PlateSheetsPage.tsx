// The sheets of grave plates: a section and a range of numbers, or the graves chosen in the list or on a
// grave's page (?id=…), in one size of plate, drawn on A4 pages at their real size with crop marks, and printed.
// On screen the pages are a scaled preview; the print is a copy of the pages outside the console (a portal on the
// body), so nothing of the console's chrome is printed and the page's margins are the paper's alone.
// A plate's QR code holds the site's address from the settings: until a manager sets it the server draws no plate,
// and this page says so, with the way to the settings, instead of a preview of plates that would not come.
import { useState, type CSSProperties, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { Title, useCanAccess, useDataProvider } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../api/client';
import { paths } from '../../api/paths';
import type { CemeteryDataProvider, GraveRecord } from '../../dataProvider';
import { consolePaths } from '../../domain/paths/consolePaths';
import { consoleQueryKeys } from '../queries';
import { t } from '../../domain/messages';
import { plateNoun, sheetPageNoun } from '../../domain/messages/plateSheets';
import {
  inNumberRange,
  MARK_REACH_MM,
  PLATE_SIZES,
  platesOfPrint,
  PLATES_PER_PRINT,
  readPlateSize,
  SHEET_MM,
  sheetLayout,
  sheetPages,
  type PlateSize,
  type SheetLayout,
} from '../../domain/plan/plateSheet';
import { checkGraveNumber } from '../../domain/rules/validation';
import { formatCounted, formatGraveNumber, toArabicDigits } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { GENDERS, type Gender } from '../../domain/types';
import type { DataProvider } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { RequireAccess } from '../layout/RequireAccess';
import { GENDER_LABEL } from '../resources/graves/labels';

const SIZE_LABEL: Record<PlateSize, string> = {
  sticker: t('plateSheets.sizeSticker'),
  plate: t('plateSheets.sizePlate'),
};

/** The chosen graves are named above their plates when they are this few. */
const CHOSEN_NAMED = 6;

/** The graves one list request reads (the server's largest page). */
const PAGE = 1000;

type Plate = Pick<GraveRecord, 'id' | 'number' | 'gender'>;

/** What the address asks for: some graves by id, or a section and a range, or nothing yet. */
type Choice =
  { kind: 'ids'; ids: string[] } | { kind: 'range'; gender: Gender; from: number; to: number } | { kind: 'none' };

function readGender(value: string | null): Gender | null {
  return GENDERS.find((g) => g === value) ?? null;
}

function readChoice(params: URLSearchParams): Choice {
  const ids = params.getAll('id').filter((id) => id !== '');
  if (ids.length > 0) return { kind: 'ids', ids };
  const gender = readGender(params.get('gender'));
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (gender && Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to >= 1) {
    return { kind: 'range', gender, from: Math.min(from, to), to: Math.max(from, to) };
  }
  return { kind: 'none' };
}

/** The graves of a section whose numbers lie in the range, by number (the list comes ordered by number). */
async function gravesInRange(dataProvider: DataProvider, gender: Gender, from: number, to: number): Promise<Plate[]> {
  const found: Plate[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<GraveRecord>('graves', {
      filter: { gender },
      sort: { field: 'number', order: 'ASC' },
      pagination: { page, perPage: PAGE },
    });
    found.push(...data.filter((g) => inNumberRange(g.number, from, to)));
    const last = data.at(-1);
    if (data.length < PAGE || page * PAGE >= (total ?? 0)) break;
    // Men's and women's numbers are whole numbers in order: past the range's end nothing more can be in it.
    if (gender !== 'bones' && last && Number(last.number) > to) break;
  }
  return found;
}

/** The chosen graves, in the order of their numbers. */
async function gravesByIds(dataProvider: DataProvider, ids: string[]): Promise<Plate[]> {
  const { data } = await dataProvider.getList<GraveRecord>('graves', {
    filter: { id: ids.slice(0, PAGE) },
    sort: { field: 'number', order: 'ASC' },
    pagination: { page: 1, perPage: PAGE },
  });
  return data;
}

export function PlateSheetsPage() {
  return (
    <RequireAccess resource="graves" action="list">
      <PlateSheets />
    </RequireAccess>
  );
}

function PlateSheets() {
  const dataProvider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params);
  const size = readPlateSize(params.get('size'));
  const graves = useQuery({
    queryKey: ['register', 'plateSheets', choice],
    enabled: choice.kind !== 'none',
    queryFn: () =>
      choice.kind === 'ids'
        ? gravesByIds(dataProvider, choice.ids)
        : choice.kind === 'range'
          ? gravesInRange(dataProvider, choice.gender, choice.from, choice.to)
          : Promise.resolve([]),
  });

  const setSize = (next: PlateSize) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('size', next);
        return copy;
      },
      { replace: true },
    );

  const { plates, leftOut } = platesOfPrint(graves.data ?? []);
  const site = useSiteAddress();
  const layout = sheetLayout(size);
  const pages = sheetPages(plates, size);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={t('plateSheets.title')} />
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {t('plateSheets.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('plateSheets.intro')}
          </Typography>
          {choice.kind === 'ids' ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {t('plateSheets.chosen')}
                {graves.data && graves.data.length > 0 && graves.data.length <= CHOSEN_NAMED
                  ? `: ${graves.data.map(graveTitle).join('، ')}`
                  : ''}
              </Typography>
              <Button size="small" onClick={() => setParams({ size }, { replace: false })}>
                {t('plateSheets.chooseRange')}
              </Button>
            </Stack>
          ) : (
            <RangeForm
              key={choice.kind === 'range' ? `${choice.gender}-${choice.from}-${choice.to}` : 'none'}
              initial={choice.kind === 'range' ? choice : null}
              onChoose={(range) =>
                setParams({ gender: range.gender, from: String(range.from), to: String(range.to), size })
              }
            />
          )}
          <FormLabel id="plate-size-label">{t('plateSheets.size')}</FormLabel>
          <RadioGroup
            aria-labelledby="plate-size-label"
            row
            value={size}
            onChange={(event) => setSize(readPlateSize(event.target.value))}
          >
            {PLATE_SIZES.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={SIZE_LABEL[s]} />
            ))}
          </RadioGroup>
        </CardContent>
      </Card>

      {graves.isPending && choice.kind !== 'none' && <Typography role="status">{t('common.loading')}</Typography>}
      {graves.isError && (
        <LoadError error={graves.error} onRetry={() => void graves.refetch()} fallback={t('plateSheets.loadFailed')} />
      )}
      {site.isError && (
        <LoadError error={site.error} onRetry={() => void site.refetch()} fallback={t('plateSheets.loadFailed')} />
      )}
      {site.data === '' && <NoSiteAddress />}
      {graves.data && site.data && (
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            {plates.length === 0 ? (
              <Typography role="status">
                {choice.kind === 'ids' ? t('plateSheets.noneChosen') : t('plateSheets.none')}
              </Typography>
            ) : (
              <>
                <Typography role="status" sx={{ fontWeight: 700 }}>
                  {t('plateSheets.count', {
                    plates: formatCounted(plates.length, plateNoun),
                    pages: formatCounted(pages.length, sheetPageNoun, 'genitive'),
                  })}
                </Typography>
                {leftOut > 0 && (
                  <Alert severity="warning">
                    {t('plateSheets.capped', {
                      total: formatCount(graves.data.length, 'grave'),
                      max: formatCounted(PLATES_PER_PRINT, plateNoun),
                    })}
                  </Alert>
                )}
                <PrintButton />
                <Typography variant="body2" color="text.secondary">
                  {t('plateSheets.printHint')}
                </Typography>
                <Preview pages={pages} layout={layout} />
                <PrintCopy pages={pages} layout={layout} />
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

/** The site's address from the settings ('' while not set): what every plate's QR code holds. */
function useSiteAddress() {
  const dataProvider = useDataProvider<CemeteryDataProvider>();
  return useQuery({
    queryKey: consoleQueryKeys.identity(),
    queryFn: () => dataProvider.siteIdentity(),
    select: (identity) => identity.siteUrl,
  });
}

/** No plate without the site's address: the server's own refusal, and the settings page for whoever may open it. */
function NoSiteAddress() {
  const { canAccess } = useCanAccess({ resource: 'settings', action: 'edit' });
  return (
    <Alert severity="warning" role="alert">
      <Typography variant="body2">{t('plate.siteUrlMissing')}</Typography>
      {canAccess && (
        <Button
          component={Link}
          to={consolePaths.settings()}
          variant="outlined"
          color="inherit"
          sx={{ mt: 1, minHeight: 44 }}
        >
          {t('plateSheets.toSettings')}
        </Button>
      )}
    </Alert>
  );
}

function RangeForm({
  initial,
  onChoose,
}: {
  initial: { gender: Gender; from: number; to: number } | null;
  onChoose: (range: { gender: Gender; from: number; to: number }) => void;
}) {
  const [gender, setGender] = useState<Gender>(initial?.gender ?? 'men');
  const [fromText, setFromText] = useState(initial ? toArabicDigits(String(initial.from)) : '');
  const [toText, setToText] = useState(initial ? toArabicDigits(String(initial.to)) : '');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The numbers as typed (Arabic-Indic or Western digits), read by the men's section's rule: whole numbers from 1.
    const from = checkGraveNumber('men', fromText);
    const to = checkGraveNumber('men', toText);
    if (!from.ok || !to.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChoose({ gender, from: Number(from.value), to: Number(to.value) });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mb: 2 }}>
      <Stack spacing={2}>
        <TextField
          id="plates-section"
          select
          label={t('plateSheets.section')}
          value={gender}
          onChange={(e) => setGender(readGender(e.target.value) ?? 'men')}
        >
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {GENDER_LABEL[g]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            id="plates-from"
            label={t('plateSheets.from')}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <TextField
            id="plates-to"
            label={t('plateSheets.to')}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        </Stack>
        {invalid && <Alert severity="error">{t('plateSheets.rangeInvalid')}</Alert>}
        <Box>
          <Button type="submit" variant="contained">
            {t('plateSheets.show')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Prints once every plate of the print copy is loaded (a plate still loading would print blank). */
function PrintButton() {
  const [preparing, setPreparing] = useState(false);
  const print = async () => {
    setPreparing(true);
    const images = [...document.querySelectorAll<HTMLImageElement>('.plate-print img')];
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    setPreparing(false);
    window.print();
  };
  return (
    <Box>
      <Button variant="contained" startIcon={<PrintIcon />} disabled={preparing} onClick={() => void print()}>
        {preparing ? t('plateSheets.preparing') : t('plateSheets.print')}
      </Button>
    </Box>
  );
}

/** A length of `n` millimetres in the sheet's unit (--mm: a real millimetre in print, less in the preview). */
const mm = (n: number) => `calc(var(--mm) * ${n})`;

/** «مقبرة رقم ١٢ — رجال»: numbers repeat across sections. */
function graveTitle(plate: Plate): string {
  return `${t('grave.title', { n: formatGraveNumber(plate.number) })} — ${GENDER_LABEL[plate.gender]}`;
}

function plateAlt(plate: Plate): string {
  return t('plateSheets.plateAlt', { grave: graveTitle(plate) });
}

/**
 * One page's plates: a grid of plates at their size, each with its crop marks, the marks' reach kept around the
 * grid. The first plate is at the top right (the page reads right to left).
 */
function SheetGrid({ plates, layout }: { plates: Plate[]; layout: SheetLayout }) {
  return (
    <div
      className="plate-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${layout.columns}, ${mm(layout.plateWidth)})`,
        gridAutoRows: mm(layout.plateHeight),
        gap: mm(SHEET_MM.gap),
        padding: mm(MARK_REACH_MM),
        justifyContent: 'center',
        alignContent: 'start',
      }}
    >
      {plates.map((plate) => (
        <div
          key={plate.id}
          className="plate-cell"
          data-grave-id={plate.id}
          style={{ position: 'relative', breakInside: 'avoid' }}
        >
          <img
            src={`${API_BASE}${paths.gravePlate(String(plate.id), layout.size)}`}
            alt={plateAlt(plate)}
            style={{ display: 'block', width: '100%', height: '100%' }}
          />
          <CropMarks width={layout.plateWidth} height={layout.plateHeight} />
        </div>
      ))}
    </div>
  );
}

/** Thin lines outside each corner of a plate, along its edges, where the cut goes. */
function CropMarks({ width, height }: { width: number; height: number }) {
  const r = MARK_REACH_MM;
  const near = SHEET_MM.markOffset;
  const lines: string[] = [];
  for (const x of [r, r + width]) {
    for (const y of [r, r + height]) {
      const out = x === r ? -1 : 1;
      const down = y === r ? -1 : 1;
      // Along the horizontal edge, outwards from the corner; then along the vertical edge.
      lines.push(`M${x + out * near} ${y}h${out * SHEET_MM.markLength}`);
      lines.push(`M${x} ${y + down * near}v${down * SHEET_MM.markLength}`);
    }
  }
  return (
    <svg
      aria-hidden="true"
      className="plate-marks"
      viewBox={`0 0 ${width + 2 * r} ${height + 2 * r}`}
      style={{
        position: 'absolute',
        left: mm(-r),
        top: mm(-r),
        width: mm(width + 2 * r),
        height: mm(height + 2 * r),
        overflow: 'visible',
        pointerEvents: 'none',
      }}
    >
      <path d={lines.join('')} stroke="#000" strokeWidth={0.75} vectorEffect="non-scaling-stroke" fill="none" />
    </svg>
  );
}

/**
 * The pages on screen: each the whole paper scaled to the width available (never larger than the real paper), so
 * nothing scrolls sideways on a phone.
 */
function Preview({ pages, layout }: { pages: Plate[][]; layout: SheetLayout }) {
  return (
    <Box
      component="section"
      aria-labelledby="plates-preview-heading"
      sx={{ display: 'grid', gap: 2, minWidth: 0, containerType: 'inline-size' }}
    >
      <Typography id="plates-preview-heading" component="h2" variant="h6">
        {t('plateSheets.preview')}
      </Typography>
      {pages.map((plates, i) => (
        <Box key={plates[0]!.id} sx={{ display: 'grid', gap: 0.5, justifyItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('plateSheets.page', { n: formatGraveNumber(i + 1), count: formatGraveNumber(pages.length) })}
          </Typography>
          <div
            className="plate-preview-page"
            style={
              {
                '--mm': `min(1mm, calc(100cqw / ${layout.pageWidth}))`,
                width: mm(layout.pageWidth),
                height: mm(layout.pageHeight),
                padding: mm(SHEET_MM.margin),
                boxSizing: 'border-box',
                background: '#fff',
                boxShadow: '0 1px 4px rgba(0, 0, 0, 0.3)',
                overflow: 'hidden',
              } as CSSProperties
            }
          >
            <SheetGrid plates={plates} layout={layout} />
          </div>
        </Box>
      ))}
    </Box>
  );
}

/**
 * What the printer gets: the pages at their real size, one sheet each, on the body beside the console (hidden on
 * screen; in print the console is hidden and this alone shows). The @page rule lives only while the page is open.
 */
function PrintCopy({ pages, layout }: { pages: Plate[][]; layout: SheetLayout }) {
  const css = `
@page { size: A4 ${layout.orientation}; margin: ${SHEET_MM.margin}mm; }
.plate-print { display: none; }
@media print {
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body > *:not(.plate-print) { display: none !important; }
  .plate-print { display: block; direction: rtl; }
  .plate-print-page { break-after: page; }
  .plate-print-page:last-child { break-after: auto; }
}`;
  return createPortal(
    <div className="plate-print">
      <style>{css}</style>
      {pages.map((plates) => (
        <div
          key={plates[0]!.id}
          className="plate-print-page"
          style={{ '--mm': '1mm', width: mm(layout.areaWidth), margin: '0 auto' } as CSSProperties}
        >
          <SheetGrid plates={plates} layout={layout} />
        </div>
      ))}
    </div>,
    document.body,
  );
}
