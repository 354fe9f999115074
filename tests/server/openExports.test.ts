// The register in open formats. GET /api/export/graves.geojson (RFC 7946) and GET /api/export/burials.ged
// (GEDCOM 7), for whoever the policy lets export the register (as its CSV), each download recorded in the audit,
// the register's CSV and the audit's CSV too. The GeoJSON is checked against RFC 7946's structure and coordinate
// order, the GEDCOM file line by line (levels, tags, cross-references, one INDI per burial, dates in GEDCOM's form).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../src/domain/rules/policy';
import type { AuditEntry, Grave } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk@example.com', password: 'clerk-password-1' };
const SITE = 'https://maqaber.example.org';

/** The exports and the policy's resource each follows. */
const EXPORTS = [
  { path: '/export/graves.geojson', resource: 'graves', action: 'export.geojson' },
  { path: '/export/burials.ged', resource: 'graves', action: 'export.gedcom' },
  { path: '/export/register.csv', resource: 'graves', action: 'export.register' },
  { path: '/export/audit.csv', resource: 'audit', action: 'export.audit' },
] as const;

/** Fetches a file as text, with its answer. */
async function download(s: TestServer, path: string, token: string | null) {
  const res = await fetch(`${s.api}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

// ----------------------------------------------------------------------------------------------------------------
// RFC 7946, as much as a map program relies on.

const isPosition = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  (value.length === 2 || value.length === 3) &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));

/** The reasons a document is not an RFC 7946 FeatureCollection of Points (or null geometries); [] when it is. */
function rfc7946Problems(doc: unknown): string[] {
  const problems: string[] = [];
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return ['not an object'];
  const o = doc as Record<string, unknown>;
  if (o.type !== 'FeatureCollection') problems.push('type is not FeatureCollection');
  if ('crs' in o) problems.push('a crs member (RFC 7946 §4 removed it)');
  if (!Array.isArray(o.features)) return [...problems, 'features is not an array'];
  o.features.forEach((f: unknown, i) => {
    if (typeof f !== 'object' || f === null) return problems.push(`feature ${i} is not an object`);
    const feature = f as Record<string, unknown>;
    if (feature.type !== 'Feature') problems.push(`feature ${i}: type`);
    if (!('geometry' in feature)) problems.push(`feature ${i}: no geometry member`);
    if (!('properties' in feature)) problems.push(`feature ${i}: no properties member`);
    if ('id' in feature && typeof feature.id !== 'string' && typeof feature.id !== 'number') {
      problems.push(`feature ${i}: id`);
    }
    const geometry = feature.geometry;
    if (geometry !== null) {
      const g = geometry as Record<string, unknown>;
      if (g.type !== 'Point') problems.push(`feature ${i}: geometry type ${String(g.type)}`);
      if (!isPosition(g.coordinates)) problems.push(`feature ${i}: coordinates`);
      else {
        const [lon, lat] = g.coordinates;
        if (lon < -180 || lon > 180) problems.push(`feature ${i}: longitude ${lon}`);
        if (lat < -90 || lat > 90) problems.push(`feature ${i}: latitude ${lat}`);
      }
    }
    const properties = feature.properties;
    if (properties !== null && (typeof properties !== 'object' || Array.isArray(properties))) {
      problems.push(`feature ${i}: properties`);
    }
  });
  return problems;
}

// ----------------------------------------------------------------------------------------------------------------
// GEDCOM 7's lines.

interface Line {
  level: number;
  xref: string | null;
  tag: string;
  payload: string | null;
}

const LINE = /^(0|[1-9]\d*) (?:(@[A-Z0-9_]+@) )?([A-Z][A-Z0-9_]*|_[A-Z0-9][A-Z0-9_]*)(?: (.*))?$/;

/** The file's lines, each as GEDCOM 7 writes one (a line that is not one fails the test). */
function gedcomLines(text: string): Line[] {
  expect(text.startsWith('\ufeff'), 'starts with the byte-order mark').toBe(true);
  const body = text.slice(1);
  expect(body.endsWith('\n')).toBe(true);
  return body
    .slice(0, -1)
    .split(/\r\n|\r|\n/)
    .map((raw) => {
      const m = LINE.exec(raw);
      expect(m, `a GEDCOM line: ${JSON.stringify(raw)}`).not.toBeNull();
      // eslint-disable-next-line no-control-regex
      expect(raw, 'no banned character').not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
      return { level: Number(m![1]), xref: m![2] ?? null, tag: m![3]!, payload: m![4] ?? null };
    });
}

/** The records of a file: each level-0 line with the lines under it. */
function records(lines: Line[]): Line[][] {
  const found: Line[][] = [];
  for (const line of lines) {
    if (line.level === 0) found.push([line]);
    else found.at(-1)!.push(line);
  }
  return found;
}

/** The payload of the first line with this path of tags under a record (e.g. ['BURI', 'DATE']). */
function valueAt(record: Line[], path: readonly string[]): string | null | undefined {
  let depth = 0;
  let open = true;
  for (const line of record.slice(1)) {
    if (line.level <= depth) open = line.level === depth && open;
    if (line.level === depth + 1 && line.tag === path[depth] && (depth === 0 || open)) {
      depth += 1;
      if (depth === path.length) return line.payload;
      open = true;
    } else if (line.level <= depth) {
      depth = line.level - 1;
    }
  }
  return undefined;
}

const DATE_VALUE =
  /^(?:(?:[1-9]|[12]\d|3[01]) )?(?:(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?\d{4}$|^BET (?:[1-9]|[12]\d|3[01]) [A-Z]{3} \d{4} AND (?:[1-9]|[12]\d|3[01]) [A-Z]{3} \d{4}$/;

describe.each(ENGINES)('open-format exports on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: StaffClient;
  let admin: StaffClient;
  let clerkToken: string;
  let men: Grave;
  let women: Grave;
  let bones: Grave;
  let empty: Grave;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    manager = await staffClient(s, 'manager');
    admin = await staffClient(s, 'admin');
    const made = await call(s.api, 'POST', '/auth/register', {
      token: manager.token,
      body: { ...CLERK, role: 'clerk' },
    });
    expect(made.status).toBe(201);
    clerkToken = (await call<{ token: string }>(s.api, 'POST', '/auth/login', { body: CLERK })).body.token;

    const settings = await call(s.api, 'PUT', '/settings', {
      token: manager.token,
      body: { siteUrl: SITE, villageName: 'السنابل' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    men = await admin.makeGrave('men', 317);
    const placed = await call(s.api, 'PUT', `/graves/${men._id}/position`, {
      token: admin.token,
      body: { latitude: 30.1, longitude: 31.2 },
    });
    expect(placed.status).toBe(200);
    await admin.bury(men._id, 'محمد أحمد علي الفقي', '2006-03-14');
    await admin.bury(men._id, 'حسن بن علي', '1998');
    women = await admin.makeGrave('women', 5);
    await admin.bury(women._id, 'فاطمة محمد الفقي', '3/2006');
    bones = await admin.makeGrave('bones', 'ع3');
    await admin.bury(bones._id, 'رفات عبد الله', 'رمضان ١٤٢٥ هـ');
    empty = await admin.makeGrave('men', 318);
  });
  afterAll(() => s.close());

  it('follows the policy: anonymous 401, a broken token 401, each role as the policy says', async () => {
    const tokens = { clerk: clerkToken, admin: admin.token, manager: manager.token } as const;
    for (const { path, resource } of EXPORTS) {
      expect((await download(s, path, null)).status, path).toBe(401);
      expect((await download(s, path, 'not-a-token')).status, path).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        const status = (await download(s, path, token)).status;
        expect(status, `${role} ${path}`).toBe(can(role as keyof typeof tokens, resource, 'export') ? 200 : 403);
      }
    }
    // The policy as it stands: every staff role exports the register (its audit stays the manager's).
    expect((await download(s, '/export/burials.ged', clerkToken)).status).toBe(200);
    expect((await download(s, '/export/audit.csv', admin.token)).status).toBe(403);
  });

  it('GeoJSON: an RFC 7946 FeatureCollection, longitude first, every grave, null geometry without a position', async () => {
    const res = await download(s, '/export/graves.geojson', admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="graves-2026-03-10.geojson"');
    const doc: unknown = JSON.parse(res.bytes.toString('utf8'));
    expect(rfc7946Problems(doc)).toEqual([]);
    const features = (
      doc as { features: Array<{ id: string; geometry: unknown; properties: Record<string, unknown> }> }
    ).features;
    expect(features.map((f) => f.id).sort()).toEqual([men._id, women._id, bones._id, empty._id].sort());
    const byId = new Map(features.map((f) => [f.id, f]));
    expect(byId.get(men._id)).toEqual({
      type: 'Feature',
      id: men._id,
      geometry: { type: 'Point', coordinates: [31.2, 30.1] },
      properties: { section: 'men', number: 317, status: 'متاحة', shortAddress: `${SITE}/g/m317`, burials: 2 },
    });
    expect(byId.get(women._id)?.geometry).toBeNull();
    expect(byId.get(women._id)?.properties).toMatchObject({ section: 'women', number: 5, burials: 1 });
    expect(byId.get(bones._id)?.properties).toMatchObject({
      section: 'bones',
      number: 'ع3',
      shortAddress: `${SITE}/g/b${encodeURIComponent('ع3')}`,
      burials: 1,
    });
    expect(byId.get(empty._id)?.properties).toMatchObject({ status: 'متاحة', burials: 0 });
  });

  it('GEDCOM 7: HEAD first, TRLR last, one INDI per burial, levels, pointers, dates, sex, place and address', async () => {
    const res = await download(s, '/export/burials.ged', manager.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vnd.familysearch.gedcom; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="burials-2026-03-10.ged"');
    const lines = gedcomLines(res.bytes.toString('utf8'));

    // Levels start at 0 and step down any amount but up by one at most.
    expect(lines[0]).toEqual({ level: 0, xref: null, tag: 'HEAD', payload: null });
    lines.forEach((line, i) => {
      if (i > 0) expect(line.level, JSON.stringify(line)).toBeLessThanOrEqual(lines[i - 1]!.level + 1);
    });
    expect(lines.at(-1)).toEqual({ level: 0, xref: null, tag: 'TRLR', payload: null });
    expect(lines.filter((l) => l.tag === 'TRLR' || l.tag === 'HEAD')).toHaveLength(2);

    const all = records(lines);
    const head = all[0]!;
    expect(head.slice(1, 3).map((l) => `${l.level} ${l.tag} ${l.payload ?? ''}`)).toEqual(['1 GEDC ', '2 VERS 7.0']);
    expect(valueAt(head, ['DATE'])).toBe('10 MAR 2026');

    // Cross-references: unique, and every pointer names a record of the file.
    const xrefs = all.map((r) => r[0]!.xref).filter((x): x is string => x !== null);
    expect(new Set(xrefs).size).toBe(xrefs.length);
    const pointers = lines.filter((l) => l.payload !== null && /^@[A-Z0-9_]+@$/.test(l.payload));
    expect(pointers.length).toBeGreaterThan(0);
    for (const p of pointers) expect(xrefs, `${p.tag} ${p.payload}`).toContain(p.payload);
    // No other payload starts with a lone "@" (it would have to be doubled).
    for (const l of lines) if (l.payload?.startsWith('@') && !pointers.includes(l)) expect(l.payload).toMatch(/^@@/);

    // One INDI per burial, each with a cross-reference.
    const people = all.filter((r) => r[0]!.tag === 'INDI');
    expect(people).toHaveLength(4);
    expect(people.every((r) => r[0]!.xref !== null)).toBe(true);
    const byName = new Map(people.map((r) => [valueAt(r, ['NAME'])?.replace(/\//g, ''), r]));

    for (const r of people) expect(valueAt(r, ['BURI', 'DATE'])).toMatch(DATE_VALUE);

    const mohamed = byName.get('محمد أحمد علي الفقي')!;
    expect(valueAt(mohamed, ['NAME'])).toBe('محمد أحمد علي /الفقي/');
    expect(valueAt(mohamed, ['NAME', 'GIVN'])).toBe('محمد');
    expect(valueAt(mohamed, ['NAME', 'SURN'])).toBe('الفقي');
    expect(valueAt(mohamed, ['SEX'])).toBe('M');
    expect(valueAt(mohamed, ['BURI', 'DATE'])).toBe('14 MAR 2006');
    expect(valueAt(mohamed, ['BURI', 'PLAC'])).toBe('مقبرة رقم ٣١٧, قسم الرجال, مقابر السنابل, السنابل');
    expect(valueAt(mohamed, ['BURI', 'PLAC', 'MAP', 'LATI'])).toBe('N30.1');
    expect(valueAt(mohamed, ['BURI', 'PLAC', 'MAP', 'LONG'])).toBe('E31.2');
    expect(valueAt(mohamed, ['BURI', 'NOTE'])).toBe(`${SITE}/g/m317`);

    // A father named after بن is not a family name; a year alone is the year.
    const hasan = byName.get('حسن بن علي')!;
    expect(valueAt(hasan, ['NAME'])).toBe('حسن بن علي');
    expect(valueAt(hasan, ['NAME', 'SURN'])).toBeUndefined();
    expect(valueAt(hasan, ['BURI', 'DATE'])).toBe('1998');

    const fatma = byName.get('فاطمة محمد الفقي')!;
    expect(valueAt(fatma, ['NAME'])).toBe('فاطمة محمد /الفقي/');
    expect(valueAt(fatma, ['SEX'])).toBe('F');
    expect(valueAt(fatma, ['BURI', 'DATE'])).toBe('MAR 2006');
    expect(valueAt(fatma, ['BURI', 'PLAC'])).toBe('مقبرة رقم ٥, قسم النساء, مقابر السنابل, السنابل');
    expect(valueAt(fatma, ['BURI', 'PLAC', 'MAP'])).toBeUndefined();
    expect(valueAt(fatma, ['BURI', 'NOTE'])).toBe(`${SITE}/g/w5`);

    // Ramadan 1425 AH ran from 15 October to 13 November 2004: the span, and the ledger's words in the PHRASE.
    const remains = byName.get('رفات عبد الله')!;
    expect(valueAt(remains, ['SEX'])).toBe('U');
    expect(valueAt(remains, ['BURI', 'DATE'])).toBe('BET 15 OCT 2004 AND 13 NOV 2004');
    expect(valueAt(remains, ['BURI', 'DATE', 'PHRASE'])).toBe('رمضان ١٤٢٥ هـ');
    expect(valueAt(remains, ['BURI', 'PLAC'])).toBe('مقبرة رقم ع3, قسم العظام, مقابر السنابل, السنابل');
  });

  it('records every export in the audit, the CSVs included: who, which file', async () => {
    const today = '2026-03-10';
    for (const { path } of EXPORTS) expect((await download(s, path, manager.token)).status).toBe(200);
    const entries = (
      await call<AuditEntry[]>(s.api, 'GET', '/audit?filter=%7B%7D&range=%5B0%2C499%5D', { token: manager.token })
    ).body;
    const mine = entries.filter((e) => e.accountEmail === 'manager@example.com' && e.entity === 'export');
    for (const { action } of EXPORTS) expect(mine.map((e) => e.action)).toContain(action);
    expect(mine.map((e) => e.entityId)).toEqual(
      expect.arrayContaining([
        `graves-${today}.geojson`,
        `burials-${today}.ged`,
        `register-${today}.csv`,
        `audit-${today}.csv`,
      ]),
    );
    // A refused download is not recorded as one.
    const exportsNow = async () =>
      (
        await call<AuditEntry[]>(s.api, 'GET', '/audit?filter=%7B%7D&range=%5B0%2C499%5D', { token: manager.token })
      ).body.filter((e) => e.entity === 'export').length;
    const before = await exportsNow();
    expect((await download(s, '/export/audit.csv', admin.token)).status).toBe(403);
    expect((await download(s, '/export/burials.ged', null)).status).toBe(401);
    expect(await exportsNow()).toBe(before);
  });
});
