import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import type { Database } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import { multipartBody, type UploadFile } from './multipart-body.ts';
import { cloneTemplate } from './template-database.ts';

export const APP_ADMIN_EMAIL = 'app.admin@example.test';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Signs in through the real endpoint and returns the bearer token. */
  signIn: (email: string, password: string) => Promise<string>;
  /** An authorization header for a token. */
  bearer: (token: string) => { authorization: string };
  /** One request through the app, signed in with `bearer` when given, with a JSON body. */
  call: (
    method: InjectOptions['method'],
    url: string,
    bearer?: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  /** A multipart POST of `files` (and form fields) to `url`, signed in with `bearer` when given. */
  upload: (
    url: string,
    bearer: string | undefined,
    files: UploadFile[],
    fields?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh clone of the migrated template database, driven with app.inject().
 * `env` overrides configuration; `clock` lets a test move time.
 */
export async function buildTestApp(
  options: { env?: Record<string, string>; clock?: Clock } & BuildAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'resonant-test-unused'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'resonant-test-no-web'),
    APP_ADMIN_EMAIL,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    // No development identity provider unless a test asks for it (PUBLIC_URL is localhost).
    DEV_OIDC: 'false',
    ...options.env,
  });
  const connection = await cloneTemplate(inject('testBackend'));
  const deps = {
    config,
    db: connection.db,
    databaseKind: connection.kind,
    clock: options.clock ?? (() => new Date()),
  };
  const app = await buildApp(deps, options).catch(async (error: unknown) => {
    await connection.close();
    throw error;
  });
  try {
    await app.ready();
  } catch (error) {
    // A test may expect the build to fail (e.g. an undeclared permission): leave no database behind.
    await Promise.resolve(app.close()).catch(() => {});
    await connection.close();
    throw error;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    app,
    db: connection.db,
    config,
    async signIn(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<AuthResponse>().token;
    },
    bearer,
    call: (method, url, token, payload) =>
      app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      }),
    async upload(url, token, files, fields) {
      const { payload, headers } = await multipartBody(files, fields);
      return app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...(token ? bearer(token) : {}) },
        payload,
      });
    },
    async close() {
      await app.close();
      await connection.close();
    },
  };
}
