import { Injectable } from '@nestjs/common';
import type { Partner } from '../../domain/partner';
import { PartnerStore } from '../partner.store';

@Injectable()
export class GetPartnerUseCase {
  constructor(private readonly partners: PartnerStore) {}

  execute(identifier: string): Promise<Partner | null> {
    return this.partners.byIdentifier(identifier);
  }
}
