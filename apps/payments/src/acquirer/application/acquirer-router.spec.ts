import { ErrorCode } from '@opp/errors';
import type { Acquirer } from '../domain/acquirer';
import { AcquirerRouter } from './acquirer-router';
import { Refusal } from '@opp/contracts';

const sandbox = { name: 'sandbox' } as unknown as Acquirer;
const bank = { name: 'bank' } as unknown as Acquirer;

describe('AcquirerRouter', () => {
  it('serves sandbox projects with the sandbox acquirer, live ones with the adapter', () => {
    const router = new AcquirerRouter(sandbox, bank);
    expect(router.for({ sandbox: true })).toBe(sandbox);
    expect(router.for({ sandbox: false })).toBe(bank);
  });

  it('refuses a live project with 42201 when no adapter is configured', () => {
    const router = new AcquirerRouter(sandbox, null);
    expect(router.hasLiveAdapter).toBe(false);
    expect(router.for({ sandbox: true })).toBe(sandbox);
    expect(() => router.for({ sandbox: false })).toThrow(Refusal);
    try {
      router.for({ sandbox: false });
    } catch (error) {
      expect((error as Refusal).code).toBe(ErrorCode.GatewayMisconfigured);
    }
  });
});
