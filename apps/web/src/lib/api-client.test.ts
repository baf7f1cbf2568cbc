import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { apiClient } from './api-client.ts';
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
  },
};

function answer(status: number, body: string) {
  return vi.fn(async () => new Response(body === '' ? null : body, { status }));
}

describe('apiClient', () => {
  beforeEach(() => endSession());
  afterEach(() => vi.unstubAllGlobals());

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
});
