import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { ReadModelTable } from '../../projections/runner/types';

/**
 * The secrets in emailed links. The mail reactor mints a token when it writes the mail and keeps only its
 * SHA-256 here, next to the request it stands for; the plain token exists only in the mail. A link is
 * honoured by the aggregate that owns the request (single use, expiry), never by this table alone.
 */
export type LinkPurpose = 'confirm_email' | 'confirm_email_change' | 'reset_password' | 'invitation';

export const linkTokensTable: ReadModelTable = {
  name: 'link_tokens',
  define(table, tableName) {
    table.string('token_hash', 64).primary();
    table.string('purpose', 30).notNullable();
    table.string('user_id', 40).notNullable();
    table.string('account_id', 40).nullable();
    /** The request (or invitation) id the link stands for. */
    table.string('request_id', 80).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('created_at', 30).notNullable();
    table.index(['user_id'], `${tableName}_user_idx`);
  },
};

export interface LinkTokenRow {
  token_hash: string;
  purpose: LinkPurpose;
  user_id: string;
  account_id: string | null;
  request_id: string;
  expires_at: string;
  created_at: string;
}

/** Tokens are 32 random bytes, base64url: 43 characters. */
export const linkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function mintLinkToken(
  trx: Knex.Transaction,
  table: string,
  link: {
    purpose: LinkPurpose;
    userId: string;
    accountId: string | null;
    requestId: string;
    expiresAt: string;
    createdAt: string;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx(table).insert({
    token_hash: hashLinkToken(token),
    purpose: link.purpose,
    user_id: link.userId,
    account_id: link.accountId,
    request_id: link.requestId,
    expires_at: link.expiresAt,
    created_at: link.createdAt,
  });
  return token;
}

/** The request behind a link's token, if the token is well formed, known and minted for this purpose. */
export async function findLinkToken(
  db: Knex,
  purpose: LinkPurpose,
  token: string,
): Promise<LinkTokenRow | undefined> {
  if (!linkTokenPattern.test(token)) return undefined;
  const hash = hashLinkToken(token);
  const row = (await db('link_tokens').where({ token_hash: hash }).first()) as LinkTokenRow | undefined;
  // The index lookup matched the hash; compare once more in constant time before trusting the row.
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash)) || row.purpose !== purpose)
    return undefined;
  return row;
}
