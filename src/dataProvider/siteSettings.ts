// The village's identity in the console: read it, save a change of any of its fields, upload or remove the
// logo. The answers are the whole identity (the server's), read through the one rule of a damaged copy.
import { paths } from '../api/paths';
import { readIdentity, type IdentityPatch, type SiteIdentity } from '../domain/identity/siteIdentity';
import type { ConsoleApi } from './http';

export interface SiteSettingsMethods {
  siteIdentity(): Promise<SiteIdentity>;
  saveSiteIdentity(patch: IdentityPatch): Promise<{ identity: SiteIdentity; message: string }>;
  uploadLogo(file: File): Promise<{ identity: SiteIdentity; message: string }>;
  removeLogo(): Promise<{ identity: SiteIdentity; message: string }>;
}

const withMessage = (answer: unknown) => ({
  identity: readIdentity(answer),
  message:
    typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
      ? answer.message
      : '',
});

export function siteSettingsMethods(api: ConsoleApi): SiteSettingsMethods {
  return {
    siteIdentity: async () => readIdentity(await api.call<unknown>(paths.settings())),
    saveSiteIdentity: async (patch) =>
      withMessage(await api.call<unknown>(paths.settings(), { method: 'PUT', body: patch })),
    async uploadLogo(file) {
      const form = new FormData();
      form.append('logo', file, file.name);
      return withMessage(await api.call<unknown>(paths.settingsLogo(), { method: 'POST', form }));
    },
    removeLogo: async () => withMessage(await api.call<unknown>(paths.settingsLogo(), { method: 'DELETE' })),
  };
}
