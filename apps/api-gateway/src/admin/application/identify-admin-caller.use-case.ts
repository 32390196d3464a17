import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GatewayConfig } from '../../config/gateway.config';
import { BOOTSTRAP_ACTOR, operatorTokenDigest, type AdminIdentity } from '../domain/admin-operator';
import { AdminOperatorStore } from './admin-operator.store';

/**
 * Who presents an admin token (ADR 0061): ADMIN_TOKEN is the bootstrap operator with write scope
 * (ADR 0002); any other token is looked up by its SHA-256 among the operator tokens not revoked.
 * Both comparisons are constant time: ADMIN_TOKEN as HMAC digests under a key of this process (so
 * neither its length nor its content leaks), an operator token's digest against the stored one.
 */
@Injectable()
export class IdentifyAdminCallerUseCase {
  private readonly digestKey = randomBytes(32);
  private readonly bootstrap: Buffer;

  constructor(
    @Inject(GatewayConfig) config: GatewayConfig,
    private readonly operators: AdminOperatorStore,
  ) {
    this.bootstrap = this.keyed(config.adminToken);
  }

  async execute(presented: string): Promise<AdminIdentity | null> {
    if (timingSafeEqual(this.keyed(presented), this.bootstrap)) {
      return { actor: BOOTSTRAP_ACTOR, scope: 'write' };
    }
    const digest = operatorTokenDigest(presented);
    const operator = await this.operators.activeByDigest(digest);
    if (!operator || !timingSafeEqual(operator.digest, digest)) return null;
    return { actor: operator.name, scope: operator.scope };
  }

  private keyed(token: string): Buffer {
    return createHmac('sha256', this.digestKey).update(token).digest();
  }
}
