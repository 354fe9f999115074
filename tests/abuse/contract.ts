// Who may call what, as the API issue's contract table says. The authorization matrix is generated from this
// table and checked to cover every operation the server publishes in /api/openapi.json.

export type Guard = 'anyone' | 'staff' | 'manager' | 'password';

/** "METHOD /path" with OpenAPI-style {params}. */
export const CONTRACT: Record<string, Guard> = {
  'GET /api/health': 'anyone',
  'GET /api/settings': 'anyone',
  // The village's identity is the manager's to change; the first start's setup is open to anyone until an
  // account exists (then 409 whatever is sent, as here: the matrix's server has the demo accounts).
  'PUT /api/settings': 'manager',
  'POST /api/settings/logo': 'manager',
  'DELETE /api/settings/logo': 'manager',
  'GET /api/setup': 'anyone',
  'POST /api/setup': 'anyone',
  'GET /api/graves/male': 'anyone',
  'GET /api/graves/female': 'anyone',
  'GET /api/graves/bone': 'anyone',
  'GET /api/graves/cards/male': 'anyone',
  'GET /api/graves/cards/female': 'anyone',
  'GET /api/graves/cards/bone': 'anyone',
  'GET /api/graves/recentBurials': 'anyone',
  'GET /api/graves/totalDeaths': 'anyone',
  'GET /api/graves/maleDeaths': 'anyone',
  'GET /api/graves/femaleDeaths': 'anyone',
  'GET /api/graves/available-count': 'anyone',
  'GET /api/graves/unavailable-count': 'anyone',
  'GET /api/graves/graves/{id}': 'anyone',
  'GET /api/graves/{id}': 'anyone',
  'GET /api/graves': 'staff',
  'GET /api/graves/{id}/warnings': 'staff',
  'POST /api/graves': 'staff',
  'PUT /api/graves/full/{id}': 'staff',
  'POST /api/graves/{id}/bury': 'staff',
  'DELETE /api/graves/{id}/remove-buried': 'staff',
  'PUT /api/graves/{id}/buried/{personId}': 'staff',
  'POST /api/graves/{id}/transfer': 'staff',
  'PUT /api/graves/{id}/reopen': 'manager',
  'PUT /api/graves/{id}/position': 'staff',
  'GET /api/graves/next': 'anyone',
  'DELETE /api/graves/{id}': 'staff',
  'GET /api/search': 'anyone',
  'GET /api/search/index': 'anyone',
  'POST /api/suggestion': 'anyone',
  'GET /api/suggestion/approved': 'anyone',
  'GET /api/suggestion/status/{status}': 'manager',
  'PUT /api/suggestion/status/{id}': 'manager',
  'GET /api/articles': 'anyone',
  'GET /api/articles/ArticleDetail/{id}': 'anyone',
  'GET /api/articles/{id}': 'anyone',
  'POST /api/articles': 'manager',
  'PUT /api/articles/{id}': 'manager',
  'DELETE /api/articles/{id}': 'manager',
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/register': 'manager',
  'POST /api/auth/update-password': 'password',
  'GET /api/users': 'manager',
  'GET /api/users/{id}': 'manager',
  'PUT /api/users/{id}': 'manager',
  'PUT /api/users/{id}/role': 'manager',
  'PUT /api/users/{id}/disabled': 'manager',
  'POST /api/users/{id}/sign-out-everywhere': 'manager',
  'POST /api/auth/sign-out-everywhere': 'staff',
  'POST /api/auth/sign-out': 'staff',
  // A console tab asks whether its session still holds: any session does; none answers 401.
  'GET /api/auth/session': 'staff',
  'GET /api/audit': 'manager',
  'GET /api/audit/{id}': 'manager',
  'POST /api/audit/{id}/undo': 'manager',
  'GET /api/export/register.csv': 'staff',
  'GET /api/export/audit.csv': 'manager',
  // The register in open formats, for whoever exports its CSV.
  'GET /api/export/graves.geojson': 'staff',
  'GET /api/export/burials.ged': 'staff',
  'POST /api/graves/range': 'staff',
  'POST /api/burials/batch': 'staff',
  'POST /api/import/burials': 'manager',
  'GET /api/import/batches': 'manager',
  'DELETE /api/import/batches/{id}': 'manager',
  'GET /api/plan': 'anyone',
  'GET /api/plan/rows': 'anyone',
  'PUT /api/plan/rows/{gender}': 'manager',
  'GET /api/graves/by-number/{gender}/{number}': 'anyone',
  // Death notices. The public reads them (GET /api/notices?all=true, every notice, is the staff's: tried
  // in tests/server/notices.test.ts); managers and admins write them.
  'GET /api/notices': 'anyone',
  'GET /api/notices/{id}': 'anyone',
  'POST /api/notices': 'staff',
  'PUT /api/notices/{id}': 'staff',
  'DELETE /api/notices/{id}': 'staff',
  'POST /api/notices/{id}/burial': 'staff',
  // The notice's prayer as a calendar file, the public page's "add to calendar" (404 when hidden or unknown).
  'GET /api/notices/{id}/calendar.ics': 'anyone',
  // A grave's plate (SVG with its QR code): public, a plate holds nothing private.
  'GET /api/graves/{id}/plate.svg': 'anyone',
  // A family sends a correction of a burial and follows it by its private token; managers and admins
  // read the queue and decide (data entry is refused: tests/server/roles.test.ts).
  'POST /api/burials/{id}/corrections': 'anyone',
  'GET /api/corrections/follow/{token}': 'anyone',
  'GET /api/corrections': 'staff',
  // What waits for a decision, and the photos' queue: every staff role may ask.
  'GET /api/waiting': 'staff',
  'GET /api/photos': 'staff',
  'GET /api/corrections/{id}': 'staff',
  'POST /api/corrections/{id}/apply': 'staff',
  'POST /api/corrections/{id}/reject': 'staff',
  // Photos of a grave. Anyone sends one (pending; a staff session's is shown at once) and sees the
  // approved ones (a staff session all); managers and admins approve, choose the cover, delete. The files
  // (/photos/{id}/{file}) are not an operation of the API.
  'POST /api/graves/{id}/photos': 'anyone',
  'GET /api/graves/{id}/photos': 'anyone',
  'POST /api/photos/{id}/approve': 'staff',
  'POST /api/photos/{id}/cover': 'staff',
  'DELETE /api/photos/{id}': 'staff',
  // The committee's planning: the forecast and the years in pictures are managers' and admins'; each section's
  // sentence is the home page's; the register book is every staff role's.
  'GET /api/statistics/forecast': 'staff',
  'GET /api/statistics/forecast/summary': 'anyone',
  'GET /api/statistics/years': 'staff',
  'GET /api/register-book.pdf': 'staff',
  'GET /api/register-book': 'staff',
};
