// Screen 17's cards: photo or initials, name, role, e-mail or phone, profile link (from src/public/config.ts).
import { personInitials, toArabicDigits } from '../../domain/text/format';
import { TEAM, type TeamMember } from '../config';
import { ui, pt } from '../text';

/**
 * A phone number in ar-EG digits, kept in its written order: Arabic-Indic digits are bidi "Arabic numbers", so
 * spaces between groups would reverse the groups; a left-to-right mark after each space holds them in place.
 */
const phoneText = (text: string) => toArabicDigits(text).replace(/ /g, ' \u200e');

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="card team-card">
      {member.photo ? (
        <img src={member.photo} alt="" width="72" height="72" className="avatar" />
      ) : (
        <span className="avatar" aria-hidden="true">
          {personInitials(member.name)}
        </span>
      )}
      <h3>{member.name}</h3>
      <p className="muted">{member.role}</p>
      {member.email && (
        <p>
          <span className="visually-hidden">{pt['public.teamEmail']}: </span>
          <a href={`mailto:${member.email}`} dir="ltr">
            {member.email}
          </a>
        </p>
      )}
      {member.phone && (
        <p>
          <span className="visually-hidden">{pt['public.teamPhone']}: </span>
          <a href={`tel:${member.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
            {phoneText(member.phone)}
          </a>
        </p>
      )}
      <a href={member.profileUrl} target="_blank" rel="noopener noreferrer">
        {ui['team.profile']}
        <span className="visually-hidden"> - {member.name}</span>
      </a>
    </li>
  );
}

export function TeamCards() {
  return (
    <ul className="card-grid team">
      {TEAM.map((m) => (
        <MemberCard key={m.name} member={m} />
      ))}
    </ul>
  );
}
