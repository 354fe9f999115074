// Spec screen 9: every grave with number, status, gender, 'عرض المزيد' and 'ممتلئة'; search, filters, CSV export.
import { Button } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  downloadCSV,
  ExportButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCreatePath,
  useRecordContext,
  type Exporter,
} from 'react-admin';
import { Link } from 'react-router';
import { paths } from '../../../api/paths';
import { t } from '../../../domain/messages';
import { formatGraveNumber } from '../../../domain/format';
import type { GraveRecord } from '../../../dataProvider';
import { toCsv } from '../../csv';
import { DownloadButton } from '../../components/DownloadButton';
import { ListPagination } from '../../components/ListPagination';
import { GENDER_CHOICES, GENDER_LABEL, STATUS_CHOICES, StatusChip } from './labels';
import { MarkFullButton } from './MarkFullButton';
import { MatchedNames } from './MatchedNames';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder={t('search.placeholder')} sx={{ minWidth: 300 }} />,
  <SelectInput key="gender" source="gender" label={t('grave.gender')} choices={GENDER_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label={t('grave.status')} choices={STATUS_CHOICES} alwaysOn />,
];

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
  return (
    <List
      filters={filters}
      sort={{ field: 'number', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
      exporter={exportGraves}
      actions={
        // Every filter is always shown: no 'add filter' button.
        <TopToolbar>
          <CreateButton label={t('nav.creategrave')} />
          <ExportButton maxResults={1000} />
          {/* The whole register, graves and burials, prepared by the server (UTF-8 with BOM for Excel). */}
          <DownloadButton path={paths.exportRegister()} label={t('admin.downloadRegister')} fileName="register.csv" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
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
        <FunctionField<GraveRecord> source="gender" label={t('grave.gender')} render={(g) => GENDER_LABEL[g.gender]} />
        <FunctionField<GraveRecord> label={t('burial.name')} sortable={false} render={() => <MatchedNames />} />
        <FunctionField<GraveRecord> label={t('burial.operations')} render={() => <Actions />} />
      </Datagrid>
    </List>
  );
}

function Actions() {
  return (
    <span style={{ display: 'inline-flex', gap: 8 }}>
      <ShowMoreButton />
      <MarkFullButton />
    </span>
  );
}
