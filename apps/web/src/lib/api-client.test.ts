import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { apiClient, setSessionRenewer } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { endSession, getSession, startSession } from './session.ts';

const auth: AuthResponse = {
  token: 'token-1',
  expiresAt: '2999-01-01T00:00:00.000Z',
  user: {
    user_id: 'u1',
    user_type: 'org',
    first_name: 'Olivia',
    last_name: 'Admin',
    email: 'org.admin@example.com',
    current_org_id: null,
    current_group_id: null,
    domainname: null,
    birth_date: null,
    gender: null,
    org_id: null,
    org_name: null,
    group_name: null,
    emailVerified: true,
    mfaEnabled: false,
    mfaSetupRequired: false,
    passwordChangeRequired: false,
  },
};

function answer(status: number, body: string) {
  return vi.fn(async () => new Response(body === '' ? null : body, { status }));
}

describe('apiClient', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionRenewer(null);
  });

  it('sends the bearer token of the session', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    startSession(auth);
    await apiClient.get('/user/profile');
    const init = fetchMock.mock.calls[0]?.at(1) as RequestInit | undefined;
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('reads NaN in a response as 0', async () => {
    vi.stubGlobal('fetch', answer(200, '{"rmssd":NaN,"list":[1,NaN],"label":"NaN"}'));
    await expect(apiClient.get('/x')).resolves.toEqual({ rmssd: 0, list: [1, 0], label: 'NaN' });
  });

  it('rejects a non-2xx answer with the response data', async () => {
    vi.stubGlobal('fetch', answer(409, '{"message":"Taken"}'));
    const error = await apiClient.post('/auth/sign-up', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, data: { message: 'Taken' }, message: 'Taken' });
  });

  it('carries when to try again (Retry-After) on a refused call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"message":"Too many attempts. Try again in 10 minutes."}', {
            status: 429,
            headers: { 'Retry-After': '600' },
          }),
      ),
    );
    const before = Date.now();
    const error = await apiClient.post('/auth/sign-in', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429 });
    const retryAt = (error as ApiError).retryAt!.getTime();
    expect(retryAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('ends the session on a 401 to a call made with a token', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Expired"}'));
    startSession(auth);
    const error = await apiClient.get('/user/profile').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, sessionEnded: true });
    expect(getSession()).toEqual({ status: 'signed-out', ended: true });
  });

  it('leaves the session alone on a 401 to a call made without one', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Invalid email or password"}'));
    const error = await apiClient.post('/auth/sign-in', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, sessionEnded: false });
  });

  it('renews a refused token once and retries the call with the new one', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"message":"Unauthorized"}', { status: 401 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    startSession(auth);
    const renewer = vi.fn(async () => {
      startSession({ ...auth, token: 'token-2' });
      return true;
    });
    setSessionRenewer(renewer);
    await expect(apiClient.get('/user/profile')).resolves.toEqual({ ok: true });
    expect(renewer).toHaveBeenCalledWith('token-1');
    const retry = fetchMock.mock.calls[1]?.at(1) as RequestInit | undefined;
    expect(retry?.headers).toMatchObject({ Authorization: 'Bearer token-2' });
    expect(getSession()).toMatchObject({ status: 'signed-in', token: 'token-2' });
  });

  it('ends the session when the refused token cannot be renewed', async () => {
    vi.stubGlobal('fetch', answer(401, '{"message":"Unauthorized"}'));
    startSession(auth);
    setSessionRenewer(async () => false);
    const error = await apiClient.get('/user/profile').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, sessionEnded: true });
    expect(getSession()).toEqual({ status: 'signed-out', ended: true });
  });

  it('sends no token on an anonymous call, so its 401 never ends the session', async () => {
    const fetchMock = answer(401, '{"message":"Unauthorized"}');
    vi.stubGlobal('fetch', fetchMock);
    startSession(auth);
    await apiClient.post('/auth/refresh', undefined, { anonymous: true }).catch(() => undefined);
    const init = fetchMock.mock.calls[0]?.at(1) as RequestInit | undefined;
    expect(init?.headers).not.toHaveProperty('Authorization');
    expect(getSession()).toMatchObject({ status: 'signed-in' });
  });
});

/** A stand-in for the browser's XMLHttpRequest: each send answers with the next of `answers`. */
function fakeXhr(answers: { status: number; body: string }[]) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
    [];
  class FakeXhr {
    upload: {
      onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
      onload?: () => void;
    } = {};
    onload?: () => void;
    onerror?: () => void;
    status = 0;
    responseText = '';
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      const next = answers.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onload?.();
        this.status = next.status;
        this.responseText = next.body;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('apiClient.upload', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionRenewer(null);
  });

  it('renews a refused token once and sends the form again, reporting progress', async () => {
    const sent = fakeXhr([
      { status: 401, body: '{"message":"Unauthorized"}' },
      { status: 200, body: '{"message":"Users imported successfully"}' },
    ]);
    startSession(auth);
    const renewer = vi.fn(async () => {
      startSession({ ...auth, token: 'token-2' });
      return true;
    });
    setSessionRenewer(renewer);
    const form = new FormData();
    form.append('domain', 'acme');
    const progress: number[] = [];

    await expect(
      apiClient.upload('/org/users/import', form, (share) => progress.push(share)),
    ).resolves.toEqual({ message: 'Users imported successfully' });
    expect(renewer).toHaveBeenCalledWith('token-1');
    expect(sent.map(({ method, url, headers }) => [method, url, headers.Authorization])).toEqual([
      ['POST', '/api/org/users/import', 'Bearer token-1'],
      ['POST', '/api/org/users/import', 'Bearer token-2'],
    ]);
    expect(sent[1]!.body).toBe(form);
    expect(progress).toEqual([0.5, 1, 0.5, 1]);
    expect(getSession()).toMatchObject({ status: 'signed-in', token: 'token-2' });
  });

  it('ends the session when the refused token cannot be renewed, with the error shape', async () => {
    fakeXhr([{ status: 401, body: '{"message":"Unauthorized"}' }]);
    startSession(auth);
    setSessionRenewer(async () => false);
    const error = await apiClient
      .upload('/org/users/import', new FormData(), () => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, sessionEnded: true, message: 'Unauthorized' });
    expect(getSession()).toEqual({ status: 'signed-out', ended: true });
  });

  it('rejects a refused upload with the answer as an ApiError', async () => {
    fakeXhr([{ status: 400, body: '{"message":"The file is empty"}' }]);
    startSession(auth);
    const error = await apiClient
      .upload('/org/users/import', new FormData(), () => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, sessionEnded: false, message: 'The file is empty' });
  });

  it('downloads a file with its Content-Disposition, renewing a refused token once', async () => {
    const disposition = 'attachment; filename="readings.csv"';
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"message":"Unauthorized"}', { status: 401 }))
      .mockResolvedValueOnce(
        new Response('userId,dateTime\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': disposition },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    startSession(auth);
    setSessionRenewer(async () => {
      startSession({ ...auth, token: 'token-2' });
      return true;
    });
    const file = await apiClient.download('/reports/readings.csv?members=all');
    expect(file.disposition).toBe(disposition);
    expect(await file.blob.text()).toBe('userId,dateTime\r\n');
    const retry = fetchMock.mock.calls[1]?.at(1) as RequestInit | undefined;
    expect(retry?.headers).toMatchObject({ Authorization: 'Bearer token-2' });
  });

  it('rejects a refused download with the server message', async () => {
    vi.stubGlobal('fetch', answer(404, '{"message":"User not found"}'));
    startSession(auth);
    const error = await apiClient
      .download('/reports/readings.csv')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'User not found' });
  });
});
