// One grave as a card: number, status label, when it is available, and 'عرض المزيد' to its page.
import { memo } from 'react';
import { Link } from 'react-router';
import { formatDays, formatGraveNumber } from '../../domain/format';
import { GRAVE_STATUS, type Grave } from '../../domain/types';
import { ForwardIcon } from './Icons';
import { ui, fill } from '../text';

const STATUS_CLASS: Record<string, string> = {
  [GRAVE_STATUS.available]: 'status-available',
  [GRAVE_STATUS.full]: 'status-full',
  [GRAVE_STATUS.unavailable]: 'status-unavailable',
};

export function availabilityText(grave: Pick<Grave, 'status' | 'daysUntilAvailable'>): string | null {
  if (grave.status === GRAVE_STATUS.available) return ui['grave.availableNow'];
  if (grave.daysUntilAvailable !== null && grave.daysUntilAvailable > 0) {
    return fill(ui['grave.availableIn'], { days: formatDays(grave.daysUntilAvailable) });
  }
  return null;
}

interface Props {
  grave: Grave;
  /** Called before leaving to the grave's page (the men page keeps its search text then). */
  onOpen?: () => void;
}

export const GraveCard = memo(function GraveCard({ grave, onOpen }: Props) {
  const availability = availabilityText(grave);
  return (
    <li className="card grave-card">
      <h3 className="grave-number">
        <span className="label">{ui['grave.number']}: </span>
        {formatGraveNumber(grave.number)}
      </h3>
      <p>
        <span className="label">{ui['grave.status']}: </span>
        <span className={`status ${STATUS_CLASS[grave.status] ?? ''}`}>{grave.status}</span>
      </p>
      {availability && <p className="availability">{availability}</p>}
      <Link to={`/grave-details-user/${encodeURIComponent(grave._id)}`} className="button button-small" onClick={onOpen}>
        {ui['grave.showMore']}
        <span className="visually-hidden"> - {fill(ui['grave.title'], { n: formatGraveNumber(grave.number) })}</span>
        <ForwardIcon />
      </Link>
    </li>
  );
});
