// Screen 2 (women): the search text is saved in sessionStorage 'womanSearchTerm' at each keystroke.
import { t } from '../../domain/messages';
import { GravesSection } from '../components/GravesSection';

export default function WomenPage() {
  return <GravesSection gender="women" heading={t('nav.women')} storageKey="womanSearchTerm" saveOn="keystroke" />;
}
