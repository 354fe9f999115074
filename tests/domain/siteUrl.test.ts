// The site's address, the one rule every door uses (the settings call, the first start, the console's form): an
// origin with an optional path. A bare host name is taken with https://; a query, a fragment or credentials are
// refused, each with its own Arabic reason; what is stored reads back as itself.
import { describe, expect, it } from 'vitest';
import { checkIdentityPatch, checkSiteUrl } from '../../src/domain/identity/identityRules';
import { t, type MessageKey } from '../../src/domain/messages';

const TAKEN: Array<[string, string]> = [
  ['kafr-salem.com', 'https://kafr-salem.com'],
  ['  kafr-salem.com/  ', 'https://kafr-salem.com'],
  ['https://kafr-salem.com', 'https://kafr-salem.com'],
  ['https://kafr-salem.com/', 'https://kafr-salem.com'],
  ['HTTP://Kafr-Salem.COM/Maqaber/', 'http://kafr-salem.com/Maqaber'],
  ['kafr-salem.com/maqaber//', 'https://kafr-salem.com/maqaber'],
  ['kafr-salem.com:8080/a//b', 'https://kafr-salem.com:8080/a/b'],
  ['https://kafr-salem.com:443', 'https://kafr-salem.com'],
  ['http://kafr-salem.com:80/', 'http://kafr-salem.com'],
  ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
  ['localhost:3000', 'https://localhost:3000'],
  ['[::1]:8443', 'https://[::1]:8443'],
  ['www.kafr-salem.com/المقابر', 'https://www.kafr-salem.com/%D8%A7%D9%84%D9%85%D9%82%D8%A7%D8%A8%D8%B1'],
  ['مقابر.مصر', 'https://xn--mgbc1a6do.xn--wgbh1c'],
  ['', ''],
  ['   ', ''],
];

const REFUSED: Array<[unknown, MessageKey]> = [
  ['https://a.com/x?q=1#y', 'settings.siteUrlQuery'],
  ['kafr-salem.com?', 'settings.siteUrlQuery'],
  ['kafr-salem.com/#top', 'settings.siteUrlQuery'],
  ['https://user:secret@kafr-salem.com', 'settings.siteUrlCredentials'],
  ['user@kafr-salem.com', 'settings.siteUrlCredentials'],
  ['https://@kafr-salem.com', 'settings.siteUrlCredentials'],
  ['ftp://kafr-salem.com', 'settings.siteUrlScheme'],
  ['javascript://kafr-salem.com/%0aalert(1)', 'settings.siteUrlScheme'],
  ['javascript:alert(1)', 'settings.siteUrlInvalid'],
  ['kafr', 'settings.siteUrlInvalid'],
  ['https://', 'settings.siteUrlInvalid'],
  ['kafr salem.com', 'settings.siteUrlInvalid'],
  ['https:\\\\kafr-salem.com', 'settings.siteUrlInvalid'],
  ['https://-kafr.com', 'settings.siteUrlInvalid'],
  ['https://kafr-salem.com:99999', 'settings.siteUrlInvalid'],
  [`https://kafr-salem.com/${'a'.repeat(300)}`, 'settings.siteUrlInvalid'],
  [`kafr-salem.com/${'م'.repeat(60)}`, 'settings.siteUrlInvalid'],
  ['kafr-salem.com\u0000', 'settings.siteUrlInvalid'],
  [42, 'settings.siteUrlInvalid'],
  [null, 'settings.siteUrlInvalid'],
];

describe("the site's address (checkSiteUrl)", () => {
  it.each(TAKEN)('takes %j as %j, and reads what it stored back as itself', (typed, stored) => {
    expect(checkSiteUrl(typed)).toEqual({ ok: true, value: stored });
    expect(checkSiteUrl(stored)).toEqual({ ok: true, value: stored });
  });

  it.each(REFUSED)('refuses %j with its reason', (typed, reason) => {
    expect(checkSiteUrl(typed)).toEqual({ ok: false, error: reason });
    expect(t(reason)).toMatch(/[\u0600-\u06FF]/);
  });

  it('is the rule of a change of the settings', () => {
    expect(checkIdentityPatch({ siteUrl: 'kafr-salem.com/' })).toEqual({
      ok: true,
      value: { siteUrl: 'https://kafr-salem.com' },
    });
    expect(checkIdentityPatch({ siteUrl: 'https://a.com/x?q=1' })).toEqual({
      ok: false,
      error: 'settings.siteUrlQuery',
    });
  });

  it('names what it stores, and no reason shows an address that looks like a real site', () => {
    expect(t('settings.savedSiteUrl', { url: 'https://kafr-salem.com' })).toContain('https://kafr-salem.com');
    for (const key of [
      'settings.siteUrlInvalid',
      'settings.siteUrlScheme',
      'settings.siteUrlQuery',
      'settings.siteUrlCredentials',
      'settingsPage.siteUrlHelp',
      'setup.siteUrlHint',
    ] as const) {
      expect(t(key), key).not.toMatch(/[a-z0-9-]+\.(?:org|com|net|eg)\b/i);
    }
  });
});
