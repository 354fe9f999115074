// What the plan's colours mean: shown above the drawing on the public page and in the console.
import { planPublicText as text } from '../domain/messages/planPublic';
import './planDrawing.css';

const ITEMS: ReadonlyArray<[string, string]> = [
  ['a', text['plan.available']],
  ['r', text['plan.resting']],
  ['f', text['plan.full']],
  ['none', text['plan.none']],
  ['hit', text['plan.found']],
];

export function PlanLegend({ found = true }: { found?: boolean }) {
  return (
    <div className="plan-legend">
      <ul aria-label={text['plan.legend']}>
        {ITEMS.filter(([key]) => found || key !== 'hit').map(([key, label]) => (
          <li key={key}>
            <span className={`swatch swatch-${key}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
