// Screen 17: the team page, under the committee's own heading (the settings; the demo keeps 'مطورو المشروع').
import { TeamCards } from '../components/TeamCards';
import { useIdentity } from '../identity';
import '../pages.css';

export default function TeamPage() {
  const { words } = useIdentity();
  return (
    <section aria-labelledby="team-page-heading">
      <h1 id="team-page-heading">{words.teamHeading}</h1>
      <TeamCards />
    </section>
  );
}
