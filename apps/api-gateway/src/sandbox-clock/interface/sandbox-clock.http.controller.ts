import { Controller, Get, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { SandboxClockUseCases } from '../application/sandbox-clock.use-cases';
import { SandboxClockDocs } from './sandbox-clock.openapi';
import { readAdvance, toClockResponse } from './sandbox-clock.request';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

/**
 * A merchant reads or advances their own sandbox project's clock (ADR 0069), signed (ADR 0003);
 * the replay guard makes one signature one advance (ADR 0059).
 */
@ApiTags('sandbox')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/sandbox/clock')
export class SandboxClockHttpController {
  constructor(private readonly clocks: SandboxClockUseCases) {}

  @Get()
  @ApiDoc(SandboxClockDocs.merchantGet)
  @SignedRoute()
  async get(@Merchant() merchant: AuthenticatedMerchant) {
    return toClockResponse(await this.clocks.read(merchant.project.id));
  }

  @Post('advance')
  @HttpCode(200)
  @ApiDoc(SandboxClockDocs.merchantAdvance)
  @SignedRoute()
  async advance(@Merchant() merchant: AuthenticatedMerchant) {
    const byMs = readAdvance(merchant.params);
    return toClockResponse(await this.clocks.advance(merchant.project.id, byMs));
  }
}
