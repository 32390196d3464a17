import { CryptoError } from './crypto-error';
import { EnvelopeCipher } from './envelope-cipher';
import { LocalKeyEncryptionKeys } from './key-encryption-keys';

const keks = new LocalKeyEncryptionKeys(`kek-1:${Buffer.alloc(32, 1).toString('base64')}`);
const cipher = new EnvelopeCipher(keks, 'card-data');
const HERE = { projectId: 1, row: 'vault_cards/a' };

describe('EnvelopeCipher: envelopes bound to their project and row (ADR 0063)', () => {
  it('opens a bound envelope only with its own project and row', async () => {
    const token = await cipher.encrypt('4111111111111111', HERE);
    expect(token.startsWith('e2.kek-1.')).toBe(true);
    expect(await cipher.decrypt(token, HERE)).toBe('4111111111111111');
    // Moved to another project's row, or to another row of the same project: refused.
    await expect(cipher.decrypt(token, { ...HERE, projectId: 2 })).rejects.toThrow(CryptoError);
    await expect(cipher.decrypt(token, { ...HERE, row: 'vault_cards/b' })).rejects.toThrow(
      'wrong purpose, project or row',
    );
    await expect(cipher.decrypt(token)).rejects.toThrow('bound to a project and row');
  });

  it('cannot be downgraded to an unbound envelope by rewriting its version', async () => {
    const token = await cipher.encrypt('4111111111111111', HERE);
    const downgraded = `e1.${token.slice('e2.'.length)}`;
    await expect(cipher.decrypt(downgraded, HERE)).rejects.toThrow(CryptoError);
    await expect(cipher.decrypt(downgraded)).rejects.toThrow(CryptoError);
  });

  it('still opens envelopes written before (e1, purpose only) and keeps them so on re-wrap', async () => {
    const unbound = await cipher.encrypt('5555555555554444');
    expect(unbound.startsWith('e1.')).toBe(true);
    expect(await cipher.decrypt(unbound, HERE)).toBe('5555555555554444');
    const rotated = new EnvelopeCipher(
      new LocalKeyEncryptionKeys(
        `kek-2:${Buffer.alloc(32, 2).toString('base64')},kek-1:${Buffer.alloc(32, 1).toString('base64')}`,
      ),
      'card-data',
    );
    const bound = await cipher.encrypt('4111111111111111', HERE);
    const rewrapped = await rotated.rewrap(bound);
    expect(rewrapped.startsWith('e2.kek-2.')).toBe(true);
    expect(await rotated.decrypt(rewrapped, HERE)).toBe('4111111111111111');
    await expect(rotated.decrypt(rewrapped, { ...HERE, projectId: 2 })).rejects.toThrow(
      CryptoError,
    );
    expect((await rotated.rewrap(unbound)).startsWith('e1.kek-2.')).toBe(true);
  });
});
