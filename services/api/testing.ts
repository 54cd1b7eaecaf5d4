import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAppConfig, type AppConfig } from '../kit/config';
import { createLogger } from '../kit/logger';
import type { Clock } from '../kit/clock';
import {
  copyMigratedSqliteFiles,
  createMigratedTestDatabase,
  sqliteFiles,
} from '../../projections/runner/testingTemplates';
import type { StorageConfig } from '../../projections/runner';
import { startPlatform, type Platform } from './compose';
import { bootstrapFirstRun, createAccountWithOwner } from './firstRun';

export type StorageKind = 'sqlite' | 'postgres';

export interface TestPlatform {
  platform: Platform;
  /** Where it keeps its data: another platform started on it stands for a second process. */
  storage: StorageConfig;
  baseUrl: string;
  admin: { email: string; password: string; accountId: string };
  /** An API client bound to a token (or anonymous). */
  client(token?: string): ApiClient;
  login(email: string, password: string): Promise<string>;
  /** A second account with its own admin, to prove isolation. */
  otherAccount(): Promise<{ email: string; password: string; token: string; accountId: string }>;
  close(): Promise<void>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export type ApiClient = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options?: { json?: unknown; raw?: string; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

/**
 * The whole platform on real storage (SQLite files in a temp folder, or a fresh PostgreSQL database for both
 * the event store and the read models), listening on a free port, bootstrapped with an admin.
 */
export async function startTestPlatform(
  kind: StorageKind,
  options: { clock?: Clock; config?: Partial<AppConfig> } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-'));
  // Storage as the platform leaves it after its first start: schema and migrations in place, no rows.
  const database = kind === 'postgres' ? await createMigratedTestDatabase('api') : undefined;
  if (!database) await copyMigratedSqliteFiles(dataDir);
  const storage: StorageConfig = database
    ? {
        dataDir,
        eventStore: { kind: 'postgres', url: database.url },
        readModels: { kind: 'postgres', url: database.url },
      }
    : {
        dataDir,
        eventStore: { kind: 'sqlite', file: join(dataDir, sqliteFiles.eventStore) },
        readModels: { kind: 'sqlite', file: join(dataDir, sqliteFiles.readModels) },
      };
  const admin = { email: 'admin@example.test', password: 'correct horse battery staple' };
  const config = {
    ...readAppConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: admin.email,
    adminPassword: admin.password,
    logLevel: 'error' as const,
    webDist: join(dataDir, 'no-web'),
    verifyDeclaredReads: true,
    ...options.config,
  };
  const platform = await startPlatform(config, storage, {
    logger: createLogger('error'),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const firstRun = await bootstrapFirstRun(platform.services);
  const { port } = await platform.listen();
  const baseUrl = `http://127.0.0.1:${port}`;

  const client =
    (token?: string): ApiClient =>
    async (method, path, requestOptions = {}) => {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined = requestOptions.raw;
      if (requestOptions.json !== undefined) {
        body = JSON.stringify(requestOptions.json);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed as never };
    };

  const login = async (email: string, password: string) => {
    const response = await client()<{ token: string }>('POST', '/api/auth/login', {
      json: { email, password },
    });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token;
  };

  let others = 0;
  return {
    platform,
    storage,
    baseUrl,
    admin: { ...admin, accountId: firstRun!.accountId },
    client,
    login,
    async otherAccount() {
      const email = `other-${++others}@example.test`;
      const password = 'another long password';
      const owner = await createAccountWithOwner(
        platform.services,
        { email, password, firstName: 'Other', lastName: 'Admin', accountName: 'Other organisation' },
        { correlationId: platform.services.ids.uuid(), actor: 'system' },
      );
      await platform.services.readSide.waitFor(owner.position, 10_000);
      return { email, password, token: await login(email, password), accountId: owner.accountId };
    },
    async close() {
      await platform.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the API's projections and the worker's have committed everything in the log, and the log has
 * stopped growing: a worker reactor (a Stripe event, a mail, an expiry) may append while it is waited for, and
 * the read models must show that too. Returns false on timeout.
 */
export async function settle(platform: Platform, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await platform.services.store.head();
    for (const runner of [platform.worker.runner, platform.runner]) {
      if (!(await runner.waitFor(head, Math.max(1, deadline - Date.now())))) return false;
    }
    if ((await platform.services.store.head()) === head) return true;
  }
}
