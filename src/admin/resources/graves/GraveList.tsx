// Spec screen 9: every grave with number, status, gender, 'عرض المزيد' and 'ممتلئة'; search, filters, CSV export.
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, ThemeProvider, Typography, type Theme } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  downloadCSV,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCreatePath,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { Link } from 'react-router';
import { paths } from '../../../api/paths';
import { t } from '../../../domain/messages';
import { consolePaths } from '../../../domain/paths/consolePaths';
import { formatGraveNumber } from '../../../domain/text/format';
import type { GraveRecord } from '../../../dataProvider';
import { toCsv } from '../../csv';
import { DownloadButton } from '../../components/DownloadButton';
import { ListPagination } from '../../components/ListPagination';
import { CardActions, CardList, CreateLink, useSmallScreen } from '../../components/CardList';
import { ListLoadError, QUIET_ERRORS } from '../../components/LoadError';
import { FRESH_ANSWER_MS, LiveFilters } from '../../components/LiveFilters';
import { GENDER_CHOICES, GENDER_LABEL, STATUS_CHOICES, StatusChip } from './labels';
import { MarkFullButton } from './MarkFullButton';
import { MatchedNames } from './MatchedNames';

// Answered as the clerk types: see LiveFilters.
const filters = (
  <LiveFilters>
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={t('search.placeholder')}
      sx={{ minWidth: { xs: 0, sm: 300 } }}
    />
    <SelectInput key="gender" source="gender" label={t('grave.gender')} choices={GENDER_CHOICES} alwaysOn />
    <SelectInput key="status" source="status" label={t('grave.status')} choices={STATUS_CHOICES} alwaysOn />
    {/* The graves holding a burial saved with a warning (the staff's alone). */}
    <BooleanInput key="withWarnings" source="withWarnings" label={t('warnings.filter')} alwaysOn />
  </LiveFilters>
);

export const exportGraves: Exporter<GraveRecord> = (records) => {
  const csv = toCsv(
    [t('grave.number'), t('grave.gender'), t('grave.status'), t('admin.daysLeft'), t('burial.name'), t('burial.date')],
    records.map((g) => [
      g.number,
      GENDER_LABEL[g.gender],
      g.status,
      g.daysUntilAvailable ?? '',
      g.buriedPersons[0]?.name ?? '',
      g.buriedPersons[0]?.burialDate ?? '',
    ]),
  );
  // downloadCSV adds nothing before the text: the byte-order mark is already in it.
  downloadCSV(csv, t('admin.csvFile'));
};

/**
 * The graves the list shows (its filters and order, at most 1,000) as a CSV, labelled in words on every screen: on a
 * phone react-admin's export button keeps only its icon, beside the whole register's download.
 */
function ExportShownButton() {
  const { filterValues, sort, total } = useListContext<GraveRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const run = async () => {
    try {
      const { data } = await dataProvider.getList<GraveRecord>('graves', {
        filter: filterValues,
        sort,
        pagination: { page: 1, perPage: 1000 },
      });
      await exportGraves(data, () => Promise.resolve({}), dataProvider, 'graves');
    } catch {
      notify(t('admin.downloadError'), { type: 'error' });
    }
  };
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => void run()}
      disabled={!total}
      sx={{ minHeight: 36 }}
    >
      {t('gravesList.downloadShown')}
    </Button>
  );
}

/**
 * react-admin names a row's checkbox on the checkbox's wrapper, not on its input, so the input has no name for a
 * screen reader (axe: label). Inside the table the checkboxes' inputs get the same name by default (the header's
 * select-all checkbox names its own input, which wins).
 */
function NamedRowCheckboxes({ children }: { children: React.ReactNode }) {
  const translate = useTranslate();
  const label = translate('ra.action.select_row');
  return (
    <ThemeProvider
      theme={(outer: Theme) => ({
        ...outer,
        components: {
          ...outer.components,
          MuiCheckbox: {
            ...outer.components?.MuiCheckbox,
            defaultProps: {
              ...outer.components?.MuiCheckbox?.defaultProps,
              slotProps: { input: { 'aria-label': label } },
            },
          },
        },
      })}
    >
      {children}
    </ThemeProvider>
  );
}

/** The selected graves' plates, on the plate sheets page. */
function PrintPlatesButton() {
  const { selectedIds } = useListContext<GraveRecord>();
  return (
    <Button
      size="small"
      startIcon={<PrintIcon />}
      component={Link}
      to={consolePaths.plateSheets({ ids: selectedIds.map(String) })}
    >
      {t('plateSheets.printPlates')}
    </Button>
  );
}

function ShowMoreButton() {
  const record = useRecordContext<GraveRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Button
      size="small"
      variant="contained"
      component={Link}
      to={createPath({ resource: 'graves', id: record.id, type: 'show' })}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {t('grave.showMore')}
    </Button>
  );
}

export function GraveList() {
  const small = useSmallScreen();
  return (
    <List
      filters={filters}
      error={<ListLoadError />}
      queryOptions={{ ...QUIET_ERRORS, staleTime: FRESH_ANSWER_MS }}
      sort={{ field: 'number', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
      exporter={exportGraves}
      actions={
        // Every filter is always shown: no 'add filter' button.
        // The buttons say what they do in words, so on a phone they wrap to a second line rather than widen the page.
        <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <CreateLink resource="graves" label={t('nav.creategrave')} />
          <ExportShownButton />
          {/* The whole register, graves and burials, prepared by the server (UTF-8 with BOM for Excel). */}
          <DownloadButton path={paths.exportRegister()} label={t('admin.downloadRegister')} fileName="register.csv" />
          {/* The same register in open formats, for map programs and family-tree programs. */}
          <DownloadButton path={paths.exportGraves()} label={t('admin.downloadGeoJson')} fileName="graves.geojson" />
          <DownloadButton path={paths.exportBurials()} label={t('admin.downloadGedcom')} fileName="burials.ged" />
        </TopToolbar>
      }
    >
      {small ? (
        <CardList<GraveRecord> label={t('nav.showgraves')}>
          {(g) => (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {t('grave.title', { n: formatGraveNumber(g.number) })}
                </Typography>
                <StatusChip status={g.status} />
                <Typography variant="body2" color="text.secondary">
                  {GENDER_LABEL[g.gender]}
                </Typography>
              </Box>
              <Typography variant="body2">
                <MatchedNames />
              </Typography>
              <Actions />
            </>
          )}
        </CardList>
      ) : (
        <NamedRowCheckboxes>
          <Datagrid bulkActionButtons={<PrintPlatesButton />} rowClick={false}>
            <FunctionField<GraveRecord>
              source="number"
              label={t('grave.number')}
              render={(g) => formatGraveNumber(g.number)}
            />
            <FunctionField<GraveRecord>
              source="status"
              label={t('grave.status')}
              render={(g) => <StatusChip status={g.status} />}
            />
            <FunctionField<GraveRecord>
              source="gender"
              label={t('grave.gender')}
              render={(g) => GENDER_LABEL[g.gender]}
            />
            <FunctionField<GraveRecord> label={t('burial.name')} sortable={false} render={() => <MatchedNames />} />
            <FunctionField<GraveRecord> label={t('burial.operations')} render={() => <Actions />} />
          </Datagrid>
        </NamedRowCheckboxes>
      )}
    </List>
  );
}

function Actions() {
  return (
    <CardActions>
      <ShowMoreButton />
      <MarkFullButton />
    </CardActions>
  );
}
