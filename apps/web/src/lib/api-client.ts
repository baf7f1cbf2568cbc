import { UNAUTHORIZED_MESSAGE } from '@resonant/contracts/errors';
import { ApiError } from './api-error.ts';
import { showError } from './notify.tsx';
import { retryAtFrom } from './retry-after.ts';
import { endSession, getSession } from './session.ts';

const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// A bare NaN in a value position; only used when the body is not valid JSON because of it.
const NAN_TOKEN = /(?<=[:,[]\s*)-?NaN(?=\s*[,\]}])/g;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // SPEC §7: any NaN in a response is read as 0.
    if (!text.includes('NaN')) throw error;
    return JSON.parse(text.replace(NAN_TOKEN, '0'));
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/** Tries to renew a token the server refused; true when a fresh one is now in the session. */
type SessionRenewer = (refusedToken: string) => Promise<boolean>;
let renewSession: SessionRenewer | null = null;

/** Installed once by the session lifecycle, which owns the refresh cookie's single-use rotation. */
export function setSessionRenewer(renewer: SessionRenewer | null): void {
  renewSession = renewer;
}

type RequestOptions = {
  /** Send no bearer token, so a 401 is just an answer (the session endpoints themselves). */
  anonymous?: boolean;
  isRetry?: boolean;
};

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const session = getSession();
  const token = session.status === 'signed-in' && !options.anonymous ? session.token : null;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The refresh cookie is SameSite=Strict and only ever sent to our own origin.
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, undefined);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401 && token) {
    // A token that merely expired (a tab asleep past its life) is renewed and the call retried once.
    if (!options.isRetry && renewSession && (await renewSession(token))) {
      return request<T>(method, path, body, { isRetry: true });
    }
    // Only the first failure of this session signs out; later ones of the same burst stay quiet.
    const current = getSession();
    if (current.status === 'signed-in' && current.token === token) {
      endSession();
      showError(UNAUTHORIZED_MESSAGE);
    }
    throw new ApiError(401, data, true);
  }
  const retryAt = retryAtFrom(response.headers.get('retry-after'), Date.now());
  throw new ApiError(response.status, data, false, retryAt);
}

/** The one HTTP client of the web app: bearer token, JSON in and out, 401 signs out. */
export const apiClient = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'anonymous'>) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
