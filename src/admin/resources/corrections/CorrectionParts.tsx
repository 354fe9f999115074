// How one family's correction reads in the console: the burial's values beside the proposed ones with the
// words that differ marked (src/domain/text/wordDiff.ts), the family's note, who sent it and when, and, once decided,
// who decided, when and why.
import { Box, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { t } from '../../../domain/messages';
import { wordDiff, type DiffWord } from '../../../domain/text/wordDiff';
import { toArabicDigits } from '../../../domain/text/format';
import type { DatePrecision } from '../../../domain/dates/datePrecision';
import type { CorrectionStatus, CorrectionValues } from '../../../domain/types';
import type { CorrectionRecord } from '../../../dataProvider';
import { consoleBurialDate } from '../../components/calendarDates';
import { telHref, VISUALLY_HIDDEN } from '../../components/display';

export const CORRECTION_STATUS_LABEL: Record<CorrectionStatus, string> = {
  pending: t('correctionsConsole.status.pending'),
  applied: t('correctionsConsole.status.applied'),
  rejected: t('correctionsConsole.status.rejected'),
};

export function CorrectionStatusChip({ status }: { status: CorrectionStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={CORRECTION_STATUS_LABEL[status]}
      color={status === 'pending' ? 'warning' : status === 'applied' ? 'success' : 'default'}
      // The border carries the colour; the words stay dark enough to read (axe: color-contrast).
      sx={{ fontWeight: 700, color: 'text.primary' }}
    />
  );
}

/** A burial date as the register shows it, both calendars. */
export const dateText = (date: string, precision?: DatePrecision) =>
  consoleBurialDate(date, precision === 'day' ? undefined : precision);

/** The words of one side, the differing ones in <mark>, with a hint for who does not see the marks. */
function MarkedWords({ words }: { words: DiffWord[] }) {
  const changed = words.filter((w) => w.changed).map((w) => w.text);
  return (
    <>
      {words.map((word, i) => (
        <span key={i}>
          {i > 0 && ' '}
          {word.changed ? (
            <Box component="mark" sx={{ bgcolor: '#fff3a8', color: 'inherit', px: 0.25, borderRadius: 0.5 }}>
              {word.text}
            </Box>
          ) : (
            word.text
          )}
        </span>
      ))}
      {changed.length > 0 && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {' '}
          ({t('correctionsConsole.differentWords', { words: changed.join('، ') })})
        </Box>
      )}
    </>
  );
}

const cell = { p: 1, verticalAlign: 'top', borderTop: 1, borderColor: 'divider', textAlign: 'start' } as const;

/** One row of the comparison: the field's name, its value in the register, the family's proposal. */
function ComparedRow({ label, before, after }: { label: string; before: string; after: string | null }) {
  const diff = after === null ? null : wordDiff(before, after);
  return (
    <tr>
      <Box
        component="th"
        scope="row"
        // A field's name breaks between its words only (the card breaks long words anywhere).
        sx={{ ...cell, fontWeight: 400, color: 'text.secondary', overflowWrap: 'normal' }}
      >
        {label}
      </Box>
      <Box component="td" sx={cell}>
        {diff ? <MarkedWords words={diff.before} /> : before}
      </Box>
      <Box component="td" sx={{ ...cell, fontWeight: 700 }}>
        {diff ? (
          <MarkedWords words={diff.after} />
        ) : (
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {t('correctionsConsole.unchanged')}
          </Box>
        )}
      </Box>
    </tr>
  );
}

/**
 * The burial's values (now in the register, or as they were when sent) and the proposed ones side by side. A date is
 * compared as the register writes it, so a changed day marks the day.
 */
export function Comparison({
  values,
  valuesLabel,
  proposed,
}: {
  values: CorrectionValues;
  valuesLabel: string;
  proposed: CorrectionRecord['proposed'];
}) {
  const proposedDate = proposed.burialDate !== undefined ? dateText(proposed.burialDate, proposed.datePrecision) : null;
  return (
    <Box
      component="table"
      sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: '0.9rem', lineHeight: 1.7 }}
    >
      <thead>
        <tr>
          <Box
            component="th"
            scope="col"
            sx={{ ...cell, borderTop: 0, width: '22%', color: 'text.secondary', overflowWrap: 'normal' }}
          >
            {t('correctionsConsole.field')}
          </Box>
          <Box component="th" scope="col" sx={{ ...cell, borderTop: 0 }}>
            {valuesLabel}
          </Box>
          <Box component="th" scope="col" sx={{ ...cell, borderTop: 0 }}>
            {t('correctionsConsole.proposedColumn')}
          </Box>
        </tr>
      </thead>
      <tbody>
        <ComparedRow label={t('correctionsConsole.nameRow')} before={values.name} after={proposed.name ?? null} />
        <ComparedRow
          label={t('correctionsConsole.dateRow')}
          before={dateText(values.burialDate, values.datePrecision)}
          after={proposedDate}
        />
      </tbody>
    </Box>
  );
}

/** The burial's values, one per line (the warning before applying shows them). */
export function ValuesLines({ values }: { values: CorrectionValues }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      <Line label={t('burial.name')}>{values.name}</Line>
      <Line label={t('burial.date')}>{dateText(values.burialDate, values.datePrecision)}</Line>
    </Box>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Who sent it: the name, and the phone as a link that calls it. */
export function Sender({ name, phone }: { name: string; phone: string }) {
  return (
    <Typography component="div" variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('correctionsConsole.sender')}:{' '}
      </Box>
      {name}
      {phone && (
        <>
          {' — '}
          <a href={telHref(phone)} aria-label={t('correctionsConsole.callSender', { phone: toArabicDigits(phone) })}>
            <bdi dir="ltr">{toArabicDigits(phone)}</bdi>
          </a>
        </>
      )}
    </Typography>
  );
}
