/**
 * What identity.int.spec.ts and identityMembers.int.spec.ts share: one platform with a real SMTP sink per file
 * and storage, on a manual clock, and the helpers their tests use. Two files, so each of the wall-clock-shifted
 * runs (vitest.config.ts) spreads them over its workers instead of waiting on one long file.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../api/testing';
import { ManualClock } from '../kit/clock';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from '../messaging/testing';
import { signUpAndLogIn } from './testing';

export type Problem = {
  status: number;
  reason: string;
  title: string;
  detail?: string;
  errors?: Record<string, string[]>;
};
export type Me = {
  id: string;
  email: string;
  first_name: string;
  role: string;
  account_id: string;
  account_name: string;
  email_verified: boolean;
  pending_email: string | null;
  permissions: string[];
  is_account_owner: boolean;
  locale: string;
  timezone: string;
};
export type Session = { token: string; expires_at: string; user: Me };
export type Member = {
  id: string;
  email: string;
  role: string;
  status: string;
  invitation_status: string | null;
  invitation_expired: boolean;
  last_login_at: string | null;
  is_account_owner: boolean;
};

export function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

/** The token at the end of a link in a received mail. */
export function tokenOf(mail: ReceivedMail, path: string): string {
  return linkIn(mail, path).split('/').at(-1)!;
}

let sequence = 0;
export const uniqueEmail = (name: string) => `${name}-${++sequence}-${Date.now().toString(36)}@example.test`;
export const password = 'a long enough password';

/** Registers the file's platform and SMTP sink for `kind` (started before its tests, closed after). */
export function identityFixture(kind: StorageKind) {
  let t: TestPlatform;
  let sink: SmtpSink;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  const mailTo = (address: string, subject?: RegExp) =>
    sink.waitFor((mail) => mail.to.includes(address) && (subject ? subject.test(mail.subject) : true));

  /** A new owner, signed up through the route and logged in (an unconfirmed owner may log in). */
  async function register(
    overrides: Record<string, unknown> = {},
  ): Promise<Omit<Session, 'expires_at'> & { email: string }> {
    return signUpAndLogIn<Me>(t, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: uniqueEmail('owner'),
      password,
      timezone: 'Europe/Berlin',
      locale: 'en',
      ...overrides,
    });
  }

  /** Holds every command until released: what a route answers meanwhile, it answered before doing anything. */
  function holdCommands(): () => void {
    const commands = t.platform.services.commands;
    const handle = commands.handle.bind(commands);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    commands.handle = (async (...args: Parameters<typeof handle>) => {
      await held;
      return handle(...args);
    }) as typeof commands.handle;
    return () => {
      Reflect.deleteProperty(commands, 'handle');
      release();
    };
  }

  async function confirmEmail(session: { token: string; user: Me; email: string }) {
    const mail = await mailTo(session.email, /Confirm your email address/);
    const token = tokenOf(mail, '/manage/profile/confirm-email-address/');
    const confirmed = await t.client(session.token)<{ data: Me }>(
      'POST',
      `/api/users/${session.user.id}/confirm-email/${token}`,
    );
    expect(confirmed.status).toBe(200);
    return confirmed.body.data;
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestPlatform(kind, {
      clock,
      config: { smtpUrl: sink.url, publicUrl: 'http://tickets.example.test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  return {
    clock,
    /** The platform, once the file's `beforeAll` has started it. */
    platform: () => t,
    smtp: () => sink,
    mailTo,
    register,
    holdCommands,
    confirmEmail,
  };
}
