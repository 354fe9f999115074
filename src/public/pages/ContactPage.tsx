// Screen 4: the suggestion form, with the team cards below it.
import { SuggestionForm } from '../components/SuggestionForm';
import { TeamCards } from '../components/TeamCards';
import { useIdentity } from '../identity';
import { pt } from '../text';
import '../pages.css';

export default function ContactPage() {
  const { words } = useIdentity();
  return (
    <>
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading">{pt['public.contactHeading']}</h1>
        <p>{pt['public.contactIntro']}</p>
        <SuggestionForm headingId="contact-heading" />
      </section>
      <section aria-labelledby="team-heading">
        <h2 id="team-heading">{words.teamHeading}</h2>
        <TeamCards />
      </section>
    </>
  );
}
