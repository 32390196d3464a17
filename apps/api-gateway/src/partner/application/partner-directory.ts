import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TtlCache } from '../../shared/ttl-cache';
import type { Partner } from '../domain/partner';
import { PartnerRepository } from '../infrastructure/partner.repository';

/**
 * Partners by identifier for ADR 0004 authentication, cached like projects (see ProjectDirectory).
 */
@Injectable()
export class PartnerDirectory {
  private readonly cache = new TtlCache<Partner | null>(5000);

  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnerRepository,
  ) {}

  byIdentifier(identifier: string): Promise<Partner | null> {
    return this.cache.get(identifier, () =>
      this.partners.findByIdentifier(this.dataSource.manager, identifier),
    );
  }
}
