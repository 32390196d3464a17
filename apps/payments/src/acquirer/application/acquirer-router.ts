import { ErrorCode } from '@opp/errors';
import type { Acquirer } from '../domain/acquirer';
import { Refusal } from '@opp/contracts';

/**
 * Which acquirer serves a project: the sandbox acquirer (ADR 0006) serves sandbox projects only; a
 * live project needs the configured bank adapter (ACQUIRER_ADAPTER). Without one, a live project is
 * refused with 42201 before any card is looked at, so no live charge ever reaches the sandbox table.
 */
export class AcquirerRouter {
  constructor(
    private readonly sandbox: Acquirer,
    private readonly live: Acquirer | null,
  ) {}

  get hasLiveAdapter(): boolean {
    return this.live !== null;
  }

  for(project: { sandbox: boolean }): Acquirer {
    if (project.sandbox) return this.sandbox;
    if (this.live) return this.live;
    throw new Refusal(
      ErrorCode.GatewayMisconfigured,
      'Gateway not properly configured: no acquirer adapter for live projects',
    );
  }
}
