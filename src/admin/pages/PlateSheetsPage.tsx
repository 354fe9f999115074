// The sheets of grave plates: a section and a range of numbers, or the graves chosen in the list or on a
// grave's page (?id=…), in one size of plate, drawn on A4 pages at their real size with crop marks, and printed.
// On screen the pages are a scaled preview; the print is a copy of the pages outside the console (a portal on the
// body), so nothing of the console's chrome is printed and the page's margins are the paper's alone. Its parts are in
// ./plateSheets.
// A plate's QR code holds the site's address from the settings: until a manager sets it the server draws no plate,
// and this page says so, with the way to the settings, instead of a preview of plates that would not come.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router';
import { t } from '../../domain/messages';
import { plateNoun, sheetPageNoun } from '../../domain/messages/plateSheets';
import {
  PLATE_SIZES,
  platesOfPrint,
  PLATES_PER_PRINT,
  readPlateSize,
  sheetLayout,
  sheetPages,
  type PlateSize,
} from '../../domain/plan/plateSheet';
import { formatCounted } from '../../domain/text/format';
import { formatCount } from '../../domain/text/nouns';
import { LoadError } from '../components/LoadError';
import { RequireAccess } from '../layout/RequireAccess';
import { usePlateGraves } from '../queries/plateSheets';
import { useSiteAddress } from '../queries/siteIdentity';
import { NoSiteAddress } from './plateSheets/NoSiteAddress';
import { CHOSEN_NAMED, graveTitle, readChoice, SIZE_LABEL } from './plateSheets/plateChoice';
import { PrintButton } from './plateSheets/PrintButton';
import { RangeForm } from './plateSheets/RangeForm';
import { Preview, PrintCopy } from './plateSheets/sheetPages';

export function PlateSheetsPage() {
  return (
    <RequireAccess resource="graves" action="list">
      <PlateSheets />
    </RequireAccess>
  );
}

function PlateSheets() {
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params);
  const size = readPlateSize(params.get('size'));
  const graves = usePlateGraves(choice);

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
