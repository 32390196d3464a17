import { Body, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { SandboxClockUseCases } from '../application/sandbox-clock.use-cases';
import { SandboxClockDocs } from './sandbox-clock.openapi';
import { readAdvance, toClockResponse } from './sandbox-clock.request';
import { AdminController } from '../../admin/interface/admin-controller.decorator';

/** An operator reads or advances a sandbox project's clock (ADR 0069). */
@AdminController('admin/v1/projects')
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
