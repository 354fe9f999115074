// One row of the ledger page: the section, the grave's number, the name, the date and the notes, the button that
// removes the row, and under it the row's reasons (and, for a grave the register does not have, the choice to
// create it).
import type { KeyboardEvent } from 'react';
import { Box, Checkbox, FormControlLabel, IconButton, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { formatNumber, toArabicDigits } from '../../../domain/text/format';
import { t } from '../../../domain/messages';
import type { Gender } from '../../../domain/types';
import { GENDER_LABEL } from '../../resources/graves/labels';
import { fieldId, GENDERS, isBlank, type checkRow, type Field, type Row } from './ledgerRows';

export function LedgerRowFields(props: {
  row: Row;
  /** The row's place on the page, from 0. */
  index: number;
  check: ReturnType<typeof checkRow>;
  change: (patch: Partial<Row>) => void;
  onEnter: (event: KeyboardEvent, field: Field) => void;
  fieldRef: (field: Field) => (element: HTMLInputElement | null) => void;
  onRemove: () => void;
}) {
  const { row, index, check, change, onEnter, fieldRef, onRemove } = props;
  const touched = !isBlank(row);
  const reasons = row.refused ? [row.refused] : touched ? check.reasons : [];
  const label = t('entry.row', { n: formatNumber(index + 1) });
  return (
    <Box
      component="li"
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
        onChange={(e) => change({ gender: e.target.value as Gender })}
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
        inputRef={fieldRef('number')}
        onChange={(e) => change({ number: e.target.value })}
        onKeyDown={(e) => onEnter(e, 'number')}
        autoFocus={index === 0}
        slotProps={{ htmlInput: { inputMode: row.gender === 'bones' ? 'text' : 'numeric' } }}
        size="small"
      />
      <TextField
        id={fieldId(row.key, 'name')}
        label={t('burial.name')}
        value={row.name}
        inputRef={fieldRef('name')}
        onChange={(e) => change({ name: e.target.value })}
        onKeyDown={(e) => onEnter(e, 'name')}
        size="small"
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        id={fieldId(row.key, 'date')}
        label={t('burial.date')}
        value={row.date}
        inputRef={fieldRef('date')}
        onChange={(e) => change({ date: e.target.value })}
        // Dates are shown in Arabic-Indic digits (the reader takes either).
        onBlur={() => row.date !== toArabicDigits(row.date) && change({ date: toArabicDigits(row.date) })}
        onKeyDown={(e) => onEnter(e, 'date')}
        placeholder="١٥/٣/٢٠٠٤"
        size="small"
      />
      <TextField
        id={fieldId(row.key, 'notes')}
        label={t('entry.notes')}
        value={row.notes}
        inputRef={fieldRef('notes')}
        onChange={(e) => change({ notes: e.target.value })}
        onKeyDown={(e) => onEnter(e, 'notes')}
        size="small"
      />
      <IconButton
        aria-label={t('entry.removeRow', { n: formatNumber(index + 1) })}
        onClick={onRemove}
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
                <Checkbox checked={row.createGrave} onChange={(e) => change({ createGrave: e.target.checked })} />
              }
              label={row.createGrave ? t('entry.willCreate') : t('entry.createGrave')}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
