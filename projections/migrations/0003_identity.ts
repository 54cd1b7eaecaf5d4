import type { ReadModelTable } from '../runner/types';
import { readModelTablesMigration } from './migration';

/*
 * The first identity read model: one account per user. Its tables are frozen here as they were, so a fresh
 * database goes through the same steps as one migrated back then; 0004 replaces them with the
 * multi-account model and replays the identity projection.
 */

const accountsV1: ReadModelTable = {
  name: 'accounts',
  define(table) {
    table.string('id', 40).primary();
    table.string('name', 200).notNullable();
    table.string('owner_user_id', 40).notNullable();
    table.string('currency', 3).notNullable();
    table.string('timezone', 64).notNullable();
    table.string('created_at', 30).notNullable();
  },
};

const usersV1: ReadModelTable = {
  name: 'users',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('account_id', 40).notNullable();
    table.string('email', 320).notNullable();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.string('role', 20).notNullable();
    table.string('status', 20).notNullable();
    table.text('password_hash').notNullable();
    table.string('timezone', 64).notNullable();
    table.string('locale', 10).notNullable();
    table.boolean('email_verified').notNullable();
    table.string('last_login_at', 30).nullable();
    table.string('created_at', 30).notNullable();
    table.unique(['email'], { indexName: `${tableName}_email_unique` });
    table.index(['account_id'], `${tableName}_account_idx`);
  },
};

const sessionsV1: ReadModelTable = {
  name: 'auth_sessions',
  define(table, tableName) {
    table.string('id', 40).primary();
    table.string('token_hash', 64).notNullable();
    table.string('user_id', 40).notNullable();
    table.string('account_id', 40).notNullable();
    table.string('started_at', 30).notNullable();
    table.string('expires_at', 30).notNullable();
    table.string('ended_at', 30).nullable();
    table.unique(['token_hash'], { indexName: `${tableName}_token_unique` });
  },
};

export const identityV1Tables: readonly ReadModelTable[] = [accountsV1, usersV1, sessionsV1];

export const identityReadModel = readModelTablesMigration('0003_identity', identityV1Tables);
