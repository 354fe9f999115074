// Every kind of entry the audit trail holds, in the order the console's filter lists them. The server writes only
// these (its type is this list's), and the console names each in Arabic (audit.action.<kind>): one list, so a new
// kind of write cannot reach the trail without a name a manager can read.
export const AUDIT_ACTIONS = [
  'grave.create',
  'grave.full',
  'grave.delete',
  'grave.reopen',
  'grave.position',
  'grave.range',
  'burial.create',
  'burial.update',
  'burial.delete',
  'burial.transfer',
  'burial.transferUndo',
  'burial.restore',
  'import.create',
  'import.undo',
  'plan.rows',
  'suggestion.status',
  'article.create',
  'article.update',
  'article.delete',
  'notice.create',
  'notice.update',
  'notice.delete',
  'settings.update',
  'account.create',
  'account.password',
  'account.update',
  'account.role',
  'account.disable',
  'account.enable',
  'account.signOut',
  'account.login',
  // Every download of the register (an export changes nothing; its entry records who took what).
  'export.register',
  'export.audit',
  'export.geojson',
  'export.gedcom',
  // A family's correction of a burial applied or rejected (the burial's own update has its entry too).
  'correction.apply',
  'correction.reject',
  // The photos of graves (a visitor's photo too: it is recorded with no account), and those left undecided past
  // their days, removed by the server.
  'photo.create',
  'photo.approve',
  'photo.cover',
  'photo.delete',
  'photo.expire',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
