// Screen 2 (women): the search text is saved in sessionStorage 'womanSearchTerm' at each keystroke.
import { PUBLIC_SESSION_KEYS } from '../../domain/paths/browserKeys';
import { GravesSection } from '../components/GravesSection';
import { ui } from '../text';
import '../pages.css';

export default function WomenPage() {
  return <GravesSection gender="women" heading={ui['nav.women']} storageKey={PUBLIC_SESSION_KEYS.womenSearch} saveOn="keystroke" />;
}
