import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../../kit/testing/postgres';
import { startTestPlatform, type ApiResponse, type StorageKind, type TestPlatform } from '../../api/testing';
import { defaultTaxAndFeeIds, findTaxesAndFees } from '../../../projections/taxes';

type Problem = { status: number; reason: string; errors?: Record<string, string[]> };
type Tax = {
  id: string;
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  rate: number | null;
  amount: number | null;
  is_default: boolean;
};

function expectProblem(response: ApiResponse, status: number, reason: string): Problem {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((response.body as Problem).reason).toBe(reason);
  return response.body as Problem;
}

const vat = { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19, is_default: true };
const bookingFee = { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', amount: 150 };
const path = '/api/account/taxes-and-fees';

function taxesSuite(kind: StorageKind) {
  let t: TestPlatform;
  let token: string;
  const api = () => t.client(token);

  beforeAll(async () => {
    t = await startTestPlatform(kind);
    token = await t.login(t.admin.email, t.admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, reads, edits and deletes taxes and fees, amounts in minor units', async () => {
    const created = await api()<{ data: Tax }>('POST', path, { json: vat });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 19,
      amount: null,
      is_default: true,
    });
    expect(created.headers.get('location')).toBe(`${path}/${created.body.data.id}`);
    const fee = await api()<{ data: Tax }>('POST', path, { json: bookingFee });
    expect(fee.status, JSON.stringify(fee.body)).toBe(201);
    expect(fee.body.data).toMatchObject({
      calculation_type: 'FIXED',
      amount: 150,
      rate: null,
      is_default: false,
    });

    const list = await api()<{ data: Tax[] }>('GET', path);
    expect(list.body.data.map((tax) => tax.name)).toEqual(['Booking fee', 'VAT']);

    const edited = await api()<{ data: Tax }>('PUT', `${path}/${fee.body.data.id}`, {
      json: { ...bookingFee, name: 'Service fee', calculation_type: 'PERCENTAGE', rate: 7.5, amount: null },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Service fee',
      calculation_type: 'PERCENTAGE',
      rate: 7.5,
      amount: null,
    });
    const read = await api()<{ data: Tax }>('GET', `${path}/${fee.body.data.id}`);
    expect(read.body.data).toEqual(edited.body.data);

    const db = t.platform.services.db;
    const accountId = t.admin.accountId;
    expect(await defaultTaxAndFeeIds(db, accountId)).toEqual([created.body.data.id]);
    expect(await findTaxesAndFees(db, accountId, [created.body.data.id, fee.body.data.id])).toEqual([
      { id: fee.body.data.id, name: 'Service fee', kind: 'FEE', calculation: 'PERCENTAGE', percent: 7.5 },
      { id: created.body.data.id, name: 'VAT', kind: 'TAX', calculation: 'PERCENTAGE', percent: 19 },
    ]);

    const deleted = await api()('DELETE', `${path}/${fee.body.data.id}`);
    expect(deleted.status).toBe(204);
    expectProblem(await api()('GET', `${path}/${fee.body.data.id}`), 404, 'tax_not_found');
    expectProblem(await api()('DELETE', `${path}/${fee.body.data.id}`), 404, 'tax_not_found');
    expect(await findTaxesAndFees(db, accountId, [fee.body.data.id])).toEqual([]);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...vat, rate: 100.5 }, 'rate'],
      [{ ...vat, rate: -1 }, 'rate'],
      [{ ...vat, rate: undefined }, 'rate'],
      [{ ...vat, rate: 7.123456 }, 'rate'],
      [{ ...bookingFee, amount: -150 }, 'amount'],
      [{ ...bookingFee, amount: 1.5 }, 'amount'],
      [{ ...bookingFee, amount: undefined }, 'amount'],
      [{ ...vat, name: 'x'.repeat(150) }, 'name'],
      [{ ...vat, name: '   ' }, 'name'],
      [{ ...vat, type: 'DUTY' }, 'type'],
      [{ ...vat, calculation_type: 'SOMETIMES' }, 'calculation_type'],
    ];
    for (const [json, field] of cases) {
      const problem = expectProblem(await api()('POST', path, { json }), 400, 'validation_failed');
      expect(Object.keys(problem.errors ?? {}), JSON.stringify(json)).toContain(field);
    }
    const created = await api()<{ data: Tax }>('POST', path, { json: bookingFee });
    const problem = expectProblem(
      await api()('PUT', `${path}/${created.body.data.id}`, { json: { ...vat, rate: 101 } }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.rate).toBeDefined();
    expectProblem(await api()('GET', `${path}/not-an-id`), 404, 'tax_not_found');
  });

  it("answers another account's taxes as not found and never lists them", async () => {
    const mine = await api()<{ data: Tax }>('POST', path, { json: { ...vat, name: 'Secret VAT' } });
    const other = await t.otherAccount();
    const theirs = t.client(other.token);
    const id = mine.body.data.id;
    expectProblem(await theirs('GET', `${path}/${id}`), 404, 'tax_not_found');
    expectProblem(await theirs('PUT', `${path}/${id}`, { json: vat }), 404, 'tax_not_found');
    expectProblem(await theirs('DELETE', `${path}/${id}`), 404, 'tax_not_found');
    const list = await theirs<{ data: Tax[] }>('GET', path);
    expect(JSON.stringify(list.body)).not.toContain('Secret VAT');
    const db = t.platform.services.db;
    expect(await findTaxesAndFees(db, other.accountId, [id])).toEqual([]);
    expect(await defaultTaxAndFeeIds(db, other.accountId)).toEqual([]);
    const still = await api()<{ data: Tax }>('GET', `${path}/${id}`);
    expect(still.body.data.name).toBe('Secret VAT');
  });
}

describe('taxes and fees API on SQLite', () => taxesSuite('sqlite'));
describeWithPostgres('taxes and fees API on PostgreSQL', () => taxesSuite('postgres'));
