// Screen 2 (men): the search text is kept in sessionStorage 'searchTerm' when leaving to a grave's details.
import { GravesSection } from '../components/GravesSection';
import { ui } from '../text';
import '../pages.css';

export default function MenPage() {
  return <GravesSection gender="men" heading={ui['nav.men']} storageKey="searchTerm" saveOn="leave" />;
}
