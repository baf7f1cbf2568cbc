import { UNAUTHORIZED_MESSAGE } from '@resonant/contracts/errors';
import { ApiError } from './api-error.ts';
import { showError } from './notify.tsx';
import { retryAtFrom } from './retry-after.ts';
import { endSession, getSession } from './session.ts';

const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

function readBody(text: string): unknown {
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

/** A multipart form to send instead of JSON, reporting the share of it sent so far (0 to 1). */
type Upload = { form: FormData; onProgress: (sent: number) => void };

type RequestOptions = {
  /** Send no bearer token, so a 401 is just an answer (the session endpoints themselves). */
  anonymous?: boolean;
  isRetry?: boolean;
  upload?: Upload;
  /** Read a successful answer as a file (DownloadedFile) instead of JSON. */
  asFile?: boolean;
};

/** A successful answer read as a file, with the server's Content-Disposition (its file name). */
type DownloadedFile = { blob: Blob; disposition: string | null };

/** What came back, whichever way the request went. */
type Answer = { status: number; text: string; retryAfter: string | null; file?: DownloadedFile };

async function sendJson(
  method: Method,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  asFile = false,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The refresh cookie is SameSite=Strict and only ever sent to our own origin.
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  const retryAfter = response.headers.get('retry-after');
  if (asFile && response.ok) {
    const file = {
      blob: await response.blob(),
      disposition: response.headers.get('content-disposition'),
    };
    return { status: response.status, text: '', retryAfter, file };
  }
  const text = await response.text();
  return { status: response.status, text, retryAfter };
}

/** XMLHttpRequest rather than fetch: only XHR reports upload progress. */
function sendUpload(
  method: Method,
  url: string,
  headers: Record<string, string>,
  { form, onProgress }: Upload,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    // A network failure, an abort or a timeout: like fetch's rejection, no answer to read.
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new ApiError(0, undefined));
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: xhr.getResponseHeader('retry-after'),
      });
    xhr.send(form);
  });
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const session = getSession();
  const token = session.status === 'signed-in' && !options.anonymous ? session.token : null;
  // A download still takes JSON for its errors.
  const headers: Record<string, string> = {
    Accept: options.asFile ? 'text/csv, application/json' : 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = `${API_BASE}${path}`;
  const answer = options.upload
    ? await sendUpload(method, url, headers, options.upload)
    : await sendJson(method, url, headers, body, options.asFile);
  if (answer.file) return answer.file as T;
  const data = readBody(answer.text);
  if (answer.status >= 200 && answer.status < 300) return data as T;

  if (answer.status === 401 && token) {
    // A token that merely expired (a tab asleep past its life) is renewed and the call retried once.
    if (!options.isRetry && renewSession && (await renewSession(token))) {
      return request<T>(method, path, body, { ...options, isRetry: true });
    }
    // Only the first failure of this session signs out; later ones of the same burst stay quiet.
    const current = getSession();
    if (current.status === 'signed-in' && current.token === token) {
      endSession();
      showError(UNAUTHORIZED_MESSAGE);
    }
    throw new ApiError(401, data, true);
  }
  const retryAt = retryAtFrom(answer.retryAfter, Date.now());
  throw new ApiError(answer.status, data, false, retryAt);
}

/**
 * The one HTTP client of the web app: bearer token, JSON in and out (or a multipart upload with
 * progress, or a file download), a refused token renewed once, then a 401 signs out.
 */
export const apiClient = {
  get: <T>(path: string, options?: Pick<RequestOptions, 'anonymous'>) =>
    request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'anonymous'>) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** POSTs a multipart form, calling onProgress with the share sent so far (0 to 1). */
  upload: <T>(path: string, form: FormData, onProgress: (sent: number) => void) =>
    request<T>('POST', path, undefined, { upload: { form, onProgress } }),
  /** GETs a file (a CSV export) as a Blob with its Content-Disposition; errors as for JSON. */
  download: (path: string) => request<DownloadedFile>('GET', path, undefined, { asFile: true }),
};
