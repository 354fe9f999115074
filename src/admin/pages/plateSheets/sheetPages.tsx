// The plate sheets' pages: on screen a scaled preview, and on paper a copy of the pages at their real size.
import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { Box, Typography } from '@mui/material';
import { API_BASE } from '../../../api/client';
import { paths } from '../../../api/paths';
import { t } from '../../../domain/messages';
import { MARK_REACH_MM, SHEET_MM, type SheetLayout } from '../../../domain/plan/plateSheet';
import { formatGraveNumber } from '../../../domain/text/format';
import type { Plate } from '../../queries/plateSheets';
import { plateAlt } from './plateChoice';

/** A length of `n` millimetres in the sheet's unit (--mm: a real millimetre in print, less in the preview). */
const mm = (n: number) => `calc(var(--mm) * ${n})`;

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
export function Preview({ pages, layout }: { pages: Plate[][]; layout: SheetLayout }) {
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
export function PrintCopy({ pages, layout }: { pages: Plate[][]; layout: SheetLayout }) {
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
