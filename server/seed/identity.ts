// The demo village's identity: what `npm run demo` shows, set through the same settings as any village's.
// Only here, in the demo's seed, does the source name a village; the addresses are examples (example.com).
import type { Kysely } from 'kysely';
import { readIdentity, type SiteIdentity } from '../../src/domain/identity/siteIdentity';
import { sharedText } from '../../src/domain/messages/shared';
import type { Database } from '../db/schema';
import { loadIdentity, storeIdentity } from '../data/siteIdentity';

const TEAM_EMAIL = 'team@example.com';
const TEAM_PHONE = '+20 100 000 0000';

export const DEMO_IDENTITY: SiteIdentity = readIdentity({
  villageName: 'القرية الغربية',
  description: '',
  // The specification's heading for the team page; a village set up at the first start has «فريق العمل».
  texts: { teamHeading: sharedText['team.heading'] },
  contact: {
    emails: [TEAM_EMAIL],
    phones: [TEAM_PHONE],
    address: '',
    social: [{ kind: 'facebook', url: 'https://www.facebook.com/' }],
  },
  team: [
    {
      name: 'محمد عبد الرحمن',
      role: sharedText['team.backend'],
      email: TEAM_EMAIL,
      profileUrl: 'https://www.linkedin.com/',
    },
    { name: 'أحمد السيد', role: sharedText['team.idea'], phone: TEAM_PHONE, profileUrl: 'https://www.linkedin.com/' },
    {
      name: 'مصطفى إبراهيم',
      role: sharedText['team.uiFrontend'],
      email: TEAM_EMAIL,
      profileUrl: 'https://www.linkedin.com/',
    },
    { name: 'يوسف حسن', role: sharedText['team.frontend'], phone: TEAM_PHONE, profileUrl: 'https://www.linkedin.com/' },
  ],
});

/** Names the demo village, unless its settings already name one (a manager's change is kept across restarts). */
export async function ensureDemoIdentity(db: Kysely<Database>): Promise<void> {
  if ((await loadIdentity(db)).villageName === '') await storeIdentity(db, DEMO_IDENTITY);
}
