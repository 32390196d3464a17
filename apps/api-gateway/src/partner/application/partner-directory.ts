import { Injectable } from '@nestjs/common';
import { TtlCache } from '../../shared/domain/ttl-cache';
import type { Partner } from '../domain/partner';
import { PartnerStore } from './partner.store';

/**
 * Partners by identifier for ADR 0004 authentication, cached like projects (see ProjectDirectory).
 */
@Injectable()
export class PartnerDirectory {
  private readonly cache = new TtlCache<Partner | null>(5000);

  constructor(private readonly partners: PartnerStore) {}

  byIdentifier(identifier: string): Promise<Partner | null> {
    return this.cache.get(identifier, () => this.partners.byIdentifier(identifier));
  }
}
