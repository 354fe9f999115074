// Screen 2 (men): the search text is kept in sessionStorage 'searchTerm' when leaving to a grave's details.
import { PUBLIC_SESSION_KEYS } from '../../domain/paths/browserKeys';
import { GravesSection } from '../components/GravesSection';
import { ui } from '../text';
import '../pages.css';

export default function MenPage() {
  return <GravesSection gender="men" heading={ui['nav.men']} storageKey={PUBLIC_SESSION_KEYS.menSearch} saveOn="leave" />;
}
