// The photos of a grave as the console keeps them: all of them for the staff (pending ones too), the
// decisions on one, a photo added from the console, and a photo's file fetched with the session's token (a pending
// photo's file is served only to the staff).
import type { Identifier } from 'ra-core';
import { API_BASE, ApiError } from '../api/client';
import { paths } from '../api/paths';
import type { GravePhoto } from '../domain/types';
import type { ConsoleApi } from './http';
import type { WithId } from './records';

export type PhotoRecord = WithId<GravePhoto>;

export interface PhotoMethods {
  /** GET /graves/{id}/photos: every photo of the grave (staff), the first one first, then newest first. */
  getGravePhotos(graveId: Identifier): Promise<{ data: PhotoRecord[] }>;
  /** POST /graves/{id}/photos (multipart, field `photo`): a staff photo, shown at once. */
  addGravePhoto(graveId: Identifier, photo: Blob, fileName?: string): Promise<{ data: PhotoRecord; message: string }>;
  /** POST /photos/{id}/approve */
  approvePhoto(photoId: Identifier): Promise<{ data: PhotoRecord; message: string }>;
  /** POST /photos/{id}/cover: the one the grave page shows first. */
  setCoverPhoto(photoId: Identifier): Promise<{ data: PhotoRecord; message: string }>;
  /** DELETE /photos/{id} */
  deletePhoto(photoId: Identifier): Promise<{ message: string }>;
  /** A photo's file (its thumbUrl or url) fetched with the session's token. */
  photoFile(url: string, signal?: AbortSignal): Promise<Blob>;
}

type PhotoAnswer = { message: string; photo: PhotoRecord };

export function photoMethods(api: ConsoleApi, apiBase: string, getToken: () => string | null): PhotoMethods {
  const decided = (answer: PhotoAnswer) => ({ data: answer.photo, message: answer.message });
  return {
    async getGravePhotos(graveId) {
      return { data: await api.call<PhotoRecord[]>(paths.gravePhotos(String(graveId))) };
    },
    async addGravePhoto(graveId, photo, fileName = 'photo.jpg') {
      const form = new FormData();
      form.append('photo', photo, fileName);
      return decided(await api.call<PhotoAnswer>(paths.gravePhotos(String(graveId)), { method: 'POST', form }));
    },
    async approvePhoto(photoId) {
      return decided(await api.call<PhotoAnswer>(paths.approvePhoto(String(photoId)), { method: 'POST' }));
    },
    async setCoverPhoto(photoId) {
      return decided(await api.call<PhotoAnswer>(paths.coverPhoto(String(photoId)), { method: 'POST' }));
    },
    async deletePhoto(photoId) {
      return api.call<{ message: string }>(paths.photo(String(photoId)), { method: 'DELETE' });
    },
    photoFile: (url, signal) => fetchFile(url, { base: apiBase, token: getToken(), signal }),
  };
}

/**
 * A file the site serves beside the API (a grave's photo, `/photos/<id>/thumb.webp`), fetched with the session's
 * token: a photo still waiting for approval is served only to the staff. A path is read against the
 * site the API belongs to (the API base without its `/api`).
 */
// Here rather than in src/api/client.ts: the client's chunk is the public home page's too, and only the console
// fetches a file with the session's token.
async function fetchFile(
  url: string,
  options: { token?: string | null; signal?: AbortSignal; base?: string } = {},
): Promise<Blob> {
  const site = (options.base ?? API_BASE).replace(/\/api$/, '');
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(url.startsWith('/') ? `${site}${url}` : url, { headers, signal: options.signal });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network error', null);
  }
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}`, null);
  return response.blob();
}
