// The API client's public surface: import from here, not from the files behind it.
export { type AccountView, accountView, maskKey, type PlatformView } from './account';
export {
  CHUNK_BYTES,
  DEFAULT_CACHE_TTL_SECONDS,
  MAX_CACHE_TTL_SECONDS,
} from './cache';
export { checkApiKey, MAX_KEY_LENGTH } from './checks';
export { createApiClient, keyFingerprintOf, NO_ANSWER_MS } from './client';
export { ApiError, type ApiErrorKind } from './errors';
export { DEFAULT_RETRY } from './retry';
export type {
  ApiClient,
  ApiClientConfig,
  ApiOutcome,
  ApiRequest,
  ApiResponse,
  ResponseMemo,
} from './types';
