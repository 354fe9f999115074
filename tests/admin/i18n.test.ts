// The Arabic react-admin message set: every key of ra-language-english 5.15, Arabic text, six plural forms where
// polyglot pluralises, and the resources' names as react-admin asks for them.
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { i18nProvider, raArabic, resourcesArabic } from '../../src/admin/i18n';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(englishMessages);
const arabic = flatten(raArabic);
const ARABIC_LETTER = /[\u0600-\u06FF]/;

describe('react-admin messages in Arabic', () => {
  it('has exactly the keys of ra-language-english', () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    expect(arabic.size).toBeGreaterThanOrEqual(164);
  });

  it('is Arabic everywhere (no Latin words) and keeps every placeholder', () => {
    for (const [key, text] of arabic) {
      const words = text.replace(/\{\w+\}/g, '');
      expect(words, key).not.toMatch(/[A-Za-z]/);
      // Strings that are only placeholders ('{name}', '{offsetBegin}-{offsetEnd} of …') have no words.
      if (/\p{L}/u.test(words)) expect(words, key).toMatch(ARABIC_LETTER);
      // The English messages keep polyglot's %{name}; ours are written {name} (one syntax for every message).
      const placeholders = (s: string) => new Set([...s.matchAll(/(?<!%)\{(\w+)\}/g)].map((m) => m[1]));
      const englishPlaceholders = new Set([...english.get(key)!.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]));
      expect(text, `${key} uses {name}, not %{name}`).not.toMatch(/%\{/);
      for (const name of englishPlaceholders) {
        if (name === 'name') continue;
        if (name === 'smart_count') {
          expect(text, `${key} prints the count`).toMatch(/\{smart_count_ar\}|عنصر|عنصرين/);
          continue;
        }
        expect(placeholders(text).has(name), `${key} keeps {${name}}`).toBe(true);
      }
    }
  });

  it('writes six forms wherever English pluralises', () => {
    for (const [key, text] of english) {
      if (!text.includes('||||')) continue;
      expect(arabic.get(key)!.split('||||'), key).toHaveLength(6);
    }
  });

  it('titles the lists with the plural react-admin asks for (count 2)', () => {
    // The console's own i18nProvider (polyglot with locale 'ar', so its six-form Arabic rule).
    const polyglot = { t: (key: string, options: Record<string, unknown>) => i18nProvider.translate(key, options) };
    const name = (resource: string, count: number) => polyglot.t(`resources.${resource}.name`, { smart_count: count });
    expect(name('graves', 2)).toBe('المقابر');
    expect(name('graves', 1)).toBe('مقبرة');
    expect(name('articles', 2)).toBe('المقالات');
    expect(name('suggestions', 2)).toBe('الاقتراحات');
    expect(name('users', 2)).toBe('الحسابات');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 1 })).toBe('تم حذف العنصر');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 2 })).toBe('تم حذف عنصرين');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 3 })).toBe('تم حذف ٣ عناصر');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 11 })).toBe('تم حذف ١١ عنصرًا');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 100 })).toBe('تم حذف ١٠٠ عنصر');
    expect(polyglot.t('ra.notification.deleted', { smart_count: 103 })).toBe('تم حذف ١٠٣ عناصر');
    // Page ranges and other numbers in ar-EG digits.
    expect(polyglot.t('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 272 })).toBe(
      '١-٢٥ من ٢٧٢',
    );
    for (const resource of Object.keys(resourcesArabic.resources)) {
      const forms = (resourcesArabic.resources as Record<string, { name: string }>)[resource]!.name.split('||||');
      expect(forms, resource).toHaveLength(6);
    }
  });

  it('length limits name their letters in the right plural form (٣ أحرف, ٨ أحرف, ١١ حرفًا, ١٠٠ حرف)', () => {
    const tr = (key: string, options: Record<string, unknown>) => i18nProvider.translate(key, options);
    expect(tr('ra.validation.minLength', { min: 8 })).toBe('يجب ألا يقل عن ٨ أحرف');
    expect(tr('ra.validation.minLength', { min: 3 })).toBe('يجب ألا يقل عن ٣ أحرف');
    expect(tr('ra.validation.minLength', { min: 11 })).toBe('يجب ألا يقل عن ١١ حرفًا');
    expect(tr('ra.validation.maxLength', { max: 100 })).toBe('يجب ألا يزيد على ١٠٠ حرف');
    expect(tr('ra.validation.maxLength', { max: 2 })).toBe('يجب ألا يزيد على حرفين');
    expect(tr('ra.message.select_all_limit_reached', { max: 250 })).toContain('أول ٢٥٠ عنصرًا فقط');
    // Other numbers stay bare, in ar-EG digits.
    expect(tr('ra.validation.minValue', { min: 1500 })).toBe('يجب ألا تقل القيمة عن ١٬٥٠٠');
  });
});
