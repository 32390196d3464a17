import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Partner } from '../../domain/partner';
import { PartnerRepository } from '../../infrastructure/partner.repository';

@Injectable()
export class GetPartnerUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly partners: PartnerRepository,
  ) {}

  execute(identifier: string): Promise<Partner | null> {
    return this.partners.findByIdentifier(this.dataSource.manager, identifier);
  }
}
