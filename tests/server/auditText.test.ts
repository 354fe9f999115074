// The audit trail as a manager reads it in the console: every kind of entry the server writes has an Arabic name,
// and the entries real writes leave (the site's settings saved, a family's correction applied) read as Arabic
// lines, with no field left out and no English status; what no account did is said in words.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/domain/audit/actions';
import { t, type MessageKey } from '../../src/domain/messages';
import type { AuditEntry } from '../../src/domain/types';
import { actorText, valueLines } from '../../src/admin/resources/audit/auditText';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const ARABIC = /[\u0600-\u06ff]/;

describe('the audit trail in Arabic', () => {
  let s: TestServer;
  let manager: string;
  const staff = <T = unknown>(method: string, path: string, body?: unknown) =>
    call<T>(s.api, method, path, { token: manager, ...(body === undefined ? {} : { body }) });
  const entriesOf = async (action: string) =>
    (
      await staff<AuditEntry[]>(
        'GET',
        `/audit?${new URLSearchParams({ filter: JSON.stringify({ action }), range: '[0,49]' })}`,
      )
    ).body;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts' });
    manager = await s.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  });
  afterAll(async () => s?.close());

  it('names every kind of entry in Arabic', () => {
    for (const action of AUDIT_ACTIONS) {
      const name = t(`audit.action.${action}` as MessageKey);
      expect(name, action).toMatch(ARABIC);
      expect(name, action).not.toMatch(/[A-Za-z]/);
    }
  });

  it('reads a settings change field by field, before and after', async () => {
    const saved = await staff('PUT', '/settings', {
      villageName: 'كفر التجربة',
      description: 'سجل مقابر القرية',
      texts: { heroTitle: 'أهلًا بكم', about: '', approvedHeading: '', teamHeading: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [entry] = await entriesOf('settings.update');
    expect(entry).toBeDefined();
    expect(t('audit.action.settings.update')).toBe('تعديل إعدادات الموقع');
    const after = valueLines(entry!.after, entry!.action);
    expect(after).toContain(`${t('settingsPage.villageName')}: كفر التجربة`);
    expect(after).toContain(`${t('settingsPage.description')}: سجل مقابر القرية`);
    expect(after.join('\n')).toContain(`${t('settingsPage.heroTitle')}: أهلًا بكم`);
    // The fields that were empty before are said to be so, not left blank.
    expect(valueLines(entry!.before, entry!.action)).toContain(
      `${t('settingsPage.description')}: ${t('audit.detail.empty')}`,
    );
  });

  it('reads an applied correction in Arabic, with what it wrote', async () => {
    const grave = await staff<{ _id: string }>('POST', '/graves', { gender: 'men', number: 41 });
    const buried = await staff<{ grave: { buriedPersons: Array<{ _id: string }> } }>(
      'POST',
      `/graves/${grave.body._id}/bury`,
      { name: 'حسن عبد الله', burialDate: '2025-01-05' },
    );
    const burialId = buried.body.grave.buriedPersons[0]!._id;
    const sent = await call<{ id: string }>(s.api, 'POST', `/burials/${burialId}/corrections`, {
      body: { name: 'حسن عبد الله سليم', senderName: 'ابن المتوفى', senderPhone: '٠١٠٠ ١٢٣ ٤٥٦٧' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const applied = await staff('POST', `/corrections/${sent.body.id}/apply`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [entry] = await entriesOf('correction.apply');
    const lines = [...valueLines(entry!.before, entry!.action), ...valueLines(entry!.after, entry!.action)];
    expect(lines).toContain(`${t('grave.status')}: ${t('correctionsConsole.status.applied')}`);
    expect(lines.join('\n')).toContain('حسن عبد الله سليم');
    expect(lines.join('\n')).not.toMatch(/applied|pending|\{|"/);
  });

  it('names a visitor’s photo by the address it came from', async () => {
    const grave = await staff<{ _id: string }>('POST', '/graves', { gender: 'women', number: 42 });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#777777' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('senderName', 'ابنة المتوفاة');
    form.append('senderPhone', '٠١٠٠ ١٢٣ ٤٥٦٧');
    const sent = await fetch(`${s.api}/graves/${grave.body._id}/photos`, { method: 'POST', body: form });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const [entry] = await entriesOf('photo.create');
    expect(entry!.accountEmail).toBe('system');
    expect(actorText(entry!)).toBe(t('audit.actor.visitorFrom', { address: '127.0.0.1' }));
  });

  it('says who did it when no account did', () => {
    expect(actorText({ accountEmail: 'system', action: 'photo.create', after: null })).toBe(t('audit.actor.visitor'));
    expect(actorText({ accountEmail: 'system', action: 'photo.expire', after: null })).toBe(t('audit.actor.system'));
    expect(actorText({ accountEmail: 'clerk@example.com', action: 'burial.create', after: null })).toBe(
      'clerk@example.com',
    );
  });
});
