import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminExceptionFilter } from '../../admin/admin-exception.filter';
import { AdminTokenGuard } from '../../admin/admin-token.guard';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { SandboxClockUseCases } from '../application/sandbox-clock.use-cases';
import { SandboxClockDocs } from './sandbox-clock.openapi';
import { readAdvance, toClockResponse } from './sandbox-clock.request';

/** An operator reads or advances a sandbox project's clock (ADR 0069). */
@ApiTags('admin')
@UseGuards(AdminTokenGuard)
@UseFilters(AdminExceptionFilter)
@Controller('admin/v1/projects')
export class AdminSandboxClockHttpController {
  constructor(private readonly clocks: SandboxClockUseCases) {}

  @Get(':id/clock')
  @ApiDoc(SandboxClockDocs.adminGet)
  async get(@Param('id', ParseIntPipe) id: number) {
    return toClockResponse(await this.clocks.read(id));
  }

  @Post(':id/clock/advance')
  @ApiDoc(SandboxClockDocs.adminAdvance)
  @HttpCode(200)
  async advance(@Param('id', ParseIntPipe) id: number, @Body() body: unknown) {
    const params =
      body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    return toClockResponse(await this.clocks.advance(id, readAdvance(params)));
  }
}
