// Screen 2 (men): the search text is kept in sessionStorage 'searchTerm' when leaving to a grave's details.
import { t } from '../../domain/messages';
import { GravesSection } from '../components/GravesSection';

export default function MenPage() {
  return <GravesSection gender="men" heading={t('nav.men')} storageKey="searchTerm" saveOn="leave" />;
}
