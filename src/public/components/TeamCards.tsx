// Screen 17's cards: initials, name, role, e-mail or phone, profile link: the committee's team, from its settings.
import type { TeamCard } from '../../domain/identity/siteIdentity';
import { identityPagesText as ip } from '../../domain/messages/identityPages';
import { personInitials } from '../../domain/text/format';
import { useIdentity } from '../identity';
import { phoneHref, phoneText } from '../phone';
import { ui, pt } from '../text';

function MemberCard({ member }: { member: TeamCard }) {
  return (
    <li className="card team-card">
      <span className="avatar" aria-hidden="true">
        {personInitials(member.name)}
      </span>
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
          <a href={phoneHref(member.phone)} dir="ltr">
            {phoneText(member.phone)}
          </a>
        </p>
      )}
      {member.profileUrl && (
        <a href={member.profileUrl} target="_blank" rel="noopener noreferrer">
          {ui['team.profile']}
          <span className="visually-hidden"> - {member.name}</span>
        </a>
      )}
    </li>
  );
}

export function TeamCards() {
  const { team } = useIdentity().identity;
  if (team.length === 0) return <p className="muted">{ip['identityPages.noTeam']}</p>;
  return (
    <ul className="card-grid team">
      {team.map((m, i) => (
        <MemberCard key={`${i}-${m.name}`} member={m} />
      ))}
    </ul>
  );
}
