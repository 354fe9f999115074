export { paths, SECTION_PATH } from './paths';
export { API_BASE, ApiError, call, request, type ApiResponse, type RequestOptions } from './client';
