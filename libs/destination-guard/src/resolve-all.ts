import { lookup } from 'node:dns/promises';
import type { ResolvedAddress } from './destination-guard';

/** Every address the system resolver gives for a host, in its order. */
export const resolveAll = async (host: string): Promise<ResolvedAddress[]> =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));
