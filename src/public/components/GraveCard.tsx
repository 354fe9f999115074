// One grave as a card: number, status label, when it is available, and 'عرض المزيد' to its page.
import { memo } from 'react';
import { Link } from '../router';
import { formatGraveNumber } from '../../domain/text/format';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { GraveCardData } from '../../domain/types';
import { GRAVE_STATUS } from '../../domain/types';
import { openingGrave } from '../gravePage';
import { availabilityText, graveTitle } from '../graveText';
import { ForwardIcon } from './Icons';
import { ui } from '../text';

const STATUS_CLASS: Record<string, string> = {
  [GRAVE_STATUS.available]: 'status-available',
  [GRAVE_STATUS.full]: 'status-full',
  [GRAVE_STATUS.unavailable]: 'status-unavailable',
};

interface Props {
  grave: GraveCardData;
  /** Called before leaving to the grave's page (the men page keeps its search text then). */
  onOpen?: () => void;
}

export const GraveCard = memo(function GraveCard({ grave, onOpen }: Props) {
  // The status line already says «متاحة»: the second line only says when a resting grave becomes available.
  const availability = grave.status === GRAVE_STATUS.available ? null : availabilityText(grave);
  return (
    <li className="card grave-card">
      <h3 className="grave-number">
        {/* Bone sections carry a text label (e.g. the first stage) rather than a number. */}
        {typeof grave.number === 'number' && <span className="label">{ui['grave.number']}: </span>}
        {formatGraveNumber(grave.number)}
      </h3>
      <p>
        <span className="label">{ui['grave.status']}: </span>
        <span className={`status ${STATUS_CLASS[grave.status] ?? ''}`}>{grave.status}</span>
      </p>
      {availability && <p className="availability">{availability}</p>}
      <Link
        to={publicPaths.grave.href(grave._id)}
        className="button button-small"
        // The grave's answer leaves at the first touch (or hover), not after the click and the page's chunk.
        onPointerDown={() => openingGrave(grave)}
        onMouseEnter={() => openingGrave(grave)}
        onClick={() => {
          openingGrave(grave);
          onOpen?.();
        }}
      >
        {ui['grave.showMore']}
        <span className="visually-hidden"> - {graveTitle(grave.number)}</span>
        <ForwardIcon />
      </Link>
    </li>
  );
});
