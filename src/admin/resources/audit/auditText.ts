// The audit trail's entries as a manager reads them: every field named as the console names it, every value in
// Arabic words (flags, sections, statuses, roles, long dates, the settings' groups), and who did it in words when
// no account did. Pure functions: the list (AuditList.tsx) draws them, tests read them.
import { consoleBurialDate } from '../../components/calendarDates';
import { t, type MessageKey } from '../../../domain/messages';
import { formatGraveNumber, formatNumber } from '../../../domain/text/format';
import { isRole, type AuditEntry } from '../../../domain/types';

const FIELD_LABEL: Record<string, MessageKey> = {
  gender: 'grave.gender',
  number: 'grave.number',
  graveNumber: 'grave.number',
  full: 'status.full',
  name: 'register.name',
  burialDate: 'burial.date',
  status: 'grave.status',
  title: 'article.title',
  content: 'article.content',
  email: 'auth.email',
  role: 'admin.role',
  by: 'audit.by',
  failures: 'audit.failures',
  // The details of a transfer, an import, a range of graves, an account, a position, the plan's rows.
  people: 'audit.detail.people',
  date: 'audit.detail.date',
  reason: 'audit.detail.reason',
  kind: 'audit.detail.kind',
  fileName: 'audit.detail.fileName',
  rowsRead: 'audit.detail.rowsRead',
  gravesCreated: 'audit.detail.gravesCreated',
  burialsAdded: 'audit.detail.burialsAdded',
  duplicates: 'audit.detail.duplicates',
  refused: 'audit.detail.refused',
  warnings: 'audit.detail.warnings',
  from: 'audit.detail.rangeFrom',
  to: 'audit.detail.rangeTo',
  created: 'audit.detail.created',
  skipped: 'audit.detail.skipped',
  disabled: 'audit.detail.disabled',
  position: 'audit.detail.position',
  rows: 'audit.detail.rows',
  // A correction decided: what the family's correction wrote.
  applied: 'audit.detail.applied',
  // The site's settings (each field as the settings page names it).
  villageName: 'settingsPage.villageName',
  cemeteryName: 'settingsPage.cemeteryName',
  description: 'settingsPage.description',
  siteUrl: 'settingsPage.siteUrl',
  themeColor: 'settingsPage.themeColor',
  contact: 'settingsPage.contact',
  emails: 'settingsPage.emails',
  phones: 'settingsPage.phones',
  address: 'settingsPage.address',
  social: 'settingsPage.social',
  texts: 'settingsPage.texts',
  heroTitle: 'settingsPage.heroTitle',
  about: 'settingsPage.about',
  approvedHeading: 'settingsPage.approvedHeading',
  teamHeading: 'settingsPage.teamHeading',
  team: 'settingsPage.team',
  logo: 'settingsPage.logo',
};

/** Who did it: the account's address, or in words when no account did (a family's photo, the register itself). */
export function actorText(entry: Pick<AuditEntry, 'accountEmail' | 'action' | 'after'>): string {
  if (entry.accountEmail !== 'system') return entry.accountEmail;
  if (entry.action !== 'photo.create') return t('audit.actor.system');
  const address = (entry.after as { senderClient?: unknown } | null)?.senderClient;
  return typeof address === 'string' ? t('audit.actor.visitorFrom', { address }) : t('audit.actor.visitor');
}

/** A list as one line: names, grave numbers, or the plan's row labels; long lists end with «…». */
function listText(items: unknown[]): string {
  const words = items.map((item) => {
    if (typeof item === 'number') return formatGraveNumber(item);
    if (typeof item === 'string') return item;
    // A plan row has a label, a team card a name, a link its address.
    const { label, name, url } = (item ?? {}) as { label?: unknown; name?: unknown; url?: unknown };
    const text = [label, name, url].find((v) => typeof v === 'string');
    return typeof text === 'string' ? text : '';
  });
  const shown = words.filter(Boolean).slice(0, 12).join('، ');
  return words.length > 12 ? `${shown}، …` : shown;
}

/** A value as the committee reads it: Arabic words for flags, sections, statuses and roles, long dates. */
export function readable(key: string, value: unknown): string {
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  // A grave's number is a label (٩٠٠٥, never ٩٬٠٠٥), whether a section's number or a bone section's digits.
  if (
    (key === 'number' || key === 'graveNumber' || key === 'from' || key === 'to') &&
    (typeof value === 'number' || typeof value === 'string')
  ) {
    return formatGraveNumber(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? formatNumber(0) : listText(value);
  if (typeof value === 'number') return formatNumber(value);
  if (key === 'position') {
    const at = value as { latitude?: unknown; longitude?: unknown } | null;
    return at && typeof at.latitude === 'number' && typeof at.longitude === 'number'
      ? `${formatNumber(at.latitude)}، ${formatNumber(at.longitude)}`
      : '—';
  }
  if (key === 'logo') return t(value === null ? 'audit.detail.logoDefault' : 'audit.detail.logoNew');
  // A group of fields (the contact, the pages' texts, what a correction wrote): each named, on one line.
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([k]) => FIELD_LABEL[k])
      .map(([k, v]) => `${t(FIELD_LABEL[k]!)}: ${readable(k, v)}`);
    return parts.length > 0 ? parts.join('؛ ') : '—';
  }
  if (typeof value !== 'string') return '—';
  if (value === '') return t('audit.detail.empty');
  if (key === 'status' && value === 'applied') return t('correctionsConsole.status.applied');
  if (key === 'gender' && (value === 'men' || value === 'women' || value === 'bones')) return t(`gender.${value}`);
  if (key === 'status' && (value === 'pending' || value === 'approved' || value === 'rejected'))
    return t(`suggestion.${value}`);
  if (key === 'role' && isRole(value)) return t(`role.${value}`);
  if (key === 'kind' && (value === 'import' || value === 'entry'))
    return t(value === 'import' ? 'audit.detail.kindImport' : 'audit.detail.kindEntry');
  if (key === 'burialDate' || key === 'date') return consoleBurialDate(value);
  if (key === 'by' && value === 'command line') return t('audit.commandLine');
  return value.length > 120 ? `${value.slice(0, 120)}…` : value;
}

/** An entry's values as lines «field: value», the fields a manager reads (ids are left to the CSV download). */
export function valueLines(value: unknown, action?: string): string[] {
  if (value === null || value === undefined || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => FIELD_LABEL[k])
    .map(([k, v]) => {
      // Where remains went: the bone section, named as such.
      const label = action === 'burial.transfer' && k === 'graveNumber' ? 'audit.detail.to' : FIELD_LABEL[k]!;
      return `${t(label)}: ${readable(k, v)}`;
    });
}
