import {
  Controller,
  Get,
  HttpCode,
  Post,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MerchantExceptionFilter } from '../../http/merchant-exception.filter';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { Merchant, type AuthenticatedMerchant } from '../../merchant-auth/merchant-request';
import { SignedRequestGuard } from '../../merchant-auth/signed-request.guard';
import { ReplayGuardInterceptor } from '../../replay-guard/replay-guard.interceptor';
import { SandboxClockUseCases } from '../application/sandbox-clock.use-cases';
import { SandboxClockDocs } from './sandbox-clock.openapi';
import { readAdvance, toClockResponse } from './sandbox-clock.request';

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
  @UseGuards(SignedRequestGuard)
  @UseInterceptors(ReplayGuardInterceptor)
  async get(@Merchant() merchant: AuthenticatedMerchant) {
    return toClockResponse(await this.clocks.read(merchant.project.id));
  }

  @Post('advance')
  @HttpCode(200)
  @ApiDoc(SandboxClockDocs.merchantAdvance)
  @UseGuards(SignedRequestGuard)
  @UseInterceptors(ReplayGuardInterceptor)
  async advance(@Merchant() merchant: AuthenticatedMerchant) {
    const byMs = readAdvance(merchant.params);
    return toClockResponse(await this.clocks.advance(merchant.project.id, byMs));
  }
}
