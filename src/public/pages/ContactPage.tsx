// Screen 4: the suggestion form, with the team cards below it.
import { t } from '../../domain/messages';
import { SuggestionForm } from '../components/SuggestionForm';
import { TeamCards } from '../components/TeamCards';

export default function ContactPage() {
  return (
    <>
      <section aria-labelledby="contact-heading">
        <h1 id="contact-heading">{t('public.contactHeading')}</h1>
        <p>{t('public.contactIntro')}</p>
        <SuggestionForm headingId="contact-heading" />
      </section>
      <section aria-labelledby="team-heading">
        <h2 id="team-heading">{t('team.heading')}</h2>
        <TeamCards />
      </section>
    </>
  );
}
