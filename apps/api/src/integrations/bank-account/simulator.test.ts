import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatedBankAccountCheck } from './simulator';

describe('simulated bank account check', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bank-sim-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['200000011111', true],
    ['2000-0001-1111', true],
    [' 2000 0001 1111 ', true],
    ['730000033333', true],
    ['110000444444', true],
    ['200000011112', false],
    ['', false],
  ])('with the shipped list, %j exists: %s', async (account, expected) => {
    expect(await createSimulatedBankAccountCheck().exists(account)).toBe(expected);
  });

  it('uses the configured file instead of the shipped list', async () => {
    const file = path.join(dir, 'cuentas.json');
    await writeFile(file, JSON.stringify({ accounts: ['12-34-56-78'] }));
    const check = createSimulatedBankAccountCheck({ accountsFile: file });
    expect(await check.exists('12345678')).toBe(true);
    expect(await check.exists('200000011111')).toBe(false);
  });

  it('fails at creation, naming the file, for a malformed list', async () => {
    const file = path.join(dir, 'malas.json');
    await writeFile(file, JSON.stringify({ accounts: ['12-AB'] }));
    expect(() => createSimulatedBankAccountCheck({ accountsFile: file })).toThrow(
      `El archivo de cuentas bancarias conocidas ${file} no es válido:\n  accounts.0: cada cuenta debe tener`,
    );
  });
});
