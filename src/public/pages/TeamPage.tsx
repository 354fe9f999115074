// Screen 17: 'مطورو المشروع'.
import { TeamCards } from '../components/TeamCards';
import { ui } from '../text';
import '../pages.css';

export default function TeamPage() {
  return (
    <section aria-labelledby="team-page-heading">
      <h1 id="team-page-heading">{ui['team.heading']}</h1>
      <TeamCards />
    </section>
  );
}
