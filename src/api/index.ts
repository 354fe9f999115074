export { paths, SECTION_PATH } from './paths';
export { API_BASE, ApiError, call, request, type ApiResponse, type RequestOptions } from './client';
export { FALLBACK_SETTINGS, fetchRegisterSettings, readRegisterSettings, type RegisterSettings } from './settings';
