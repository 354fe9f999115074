// Screen 17: 'مطورو المشروع'.
import { t } from '../../domain/messages';
import { TeamCards } from '../components/TeamCards';

export default function TeamPage() {
  return (
    <section aria-labelledby="team-page-heading">
      <h1 id="team-page-heading">{t('team.heading')}</h1>
      <TeamCards />
    </section>
  );
}
