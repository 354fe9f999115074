// What the committee configures about its public site: the social page and the team's contact details.
// Build-time settings (VITE_*) so the same code serves another village; the spec's {email} and {phone} are
// placeholders until the team gives real ones.
import { ui } from './text';

const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};

/** The committee's external social page (footer link). */
export const SOCIAL_URL: string = env.VITE_SOCIAL_URL?.trim() || 'https://www.facebook.com/';

export interface TeamMember {
  name: string;
  /** The role's words (team.* of the shared text). */
  role: string;
  /** Shown when set; most members give an e-mail, two a phone number (spec screen 17). */
  email?: string;
  phone?: string;
  /** A photo under public/ (the site's CSP allows same-origin images only); initials are shown otherwise. */
  photo?: string;
  profileUrl: string;
}

const TEAM_EMAIL = env.VITE_TEAM_EMAIL?.trim() || 'team@example.com';
const TEAM_PHONE = env.VITE_TEAM_PHONE?.trim() || '+20 100 000 0000';

export const TEAM: ReadonlyArray<TeamMember> = [
  { name: 'محمد عبد الرحمن', role: ui['team.backend'], email: TEAM_EMAIL, profileUrl: 'https://www.linkedin.com/' },
  { name: 'أحمد السيد', role: ui['team.idea'], phone: TEAM_PHONE, profileUrl: 'https://www.linkedin.com/' },
  { name: 'مصطفى إبراهيم', role: ui['team.uiFrontend'], email: TEAM_EMAIL, profileUrl: 'https://www.linkedin.com/' },
  { name: 'يوسف حسن', role: ui['team.frontend'], phone: TEAM_PHONE, profileUrl: 'https://www.linkedin.com/' },
];
