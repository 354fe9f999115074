// A chart of the planning page with its title, its drawing loaded with the charts' chunk, and beside it the same
// figures as a table for a screen reader (the drawing itself is decoration to it).
import { Suspense, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { t } from '../../../domain/messages';
import { CHART_HEIGHT } from './statisticsFormat';

/** Out of sight, read aloud (the usual clip of a visually hidden element). */
const visuallyHidden = {
  position: 'absolute',
  // In px: sx reads 1 as 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The same figures as the chart beside it, for a screen reader (the chart itself is hidden from it). */
function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string>> }) {
  return (
    // Hidden by a wrapper: a table grows to its content whatever width it is given.
    <Box sx={visuallyHidden}>
      <table>
        <caption>{t('statisticsPage.tableOf', { chart: caption })}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/**
 * A chart with its title and its table: `head` names the table's columns, `rows` holds the figures as written
 * (a row's first cell names it); the chart, a lazy one, holds its place at its height while its chunk loads.
 */
export function ChartFigure(props: { title: string; head: string[]; rows: string[][]; children: ReactNode }) {
  const { title, head, rows, children } = props;
  return (
    <Box component="figure" sx={{ m: 0, mt: 2 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box aria-hidden="true" sx={{ direction: 'ltr' }}>
        <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>{children}</Suspense>
      </Box>
      <ChartTable caption={title} head={head} rows={rows} />
    </Box>
  );
}
