// Screen 2 (women): the search text is saved in sessionStorage 'womanSearchTerm' at each keystroke.
import { GravesSection } from '../components/GravesSection';
import { ui } from '../text';
import '../pages.css';

export default function WomenPage() {
  return <GravesSection gender="women" heading={ui['nav.women']} storageKey="womanSearchTerm" saveOn="keystroke" />;
}
