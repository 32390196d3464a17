import { Body, Controller, Delete, Get, HttpCode, Param, Put, Res } from '@nestjs/common';
import { UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminTokenGuard } from '../../admin/admin-token.guard';
import { PartnerTemplatesUseCase } from '../application/partner-templates.use-case';
import type { PartnerTemplate } from '../domain/partner-template';
import { PutTemplateDto } from './dto/put-template.dto';

const view = (t: PartnerTemplate) => ({
  identifier: t.partnerIdentifier,
  name: t.name,
  tasks: t.tasks,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/partners/:identifier/templates')
export class AdminTemplatesHttpController {
  constructor(private readonly templates: PartnerTemplatesUseCase) {}

  @Put(':name')
  @ApiOperation({
    summary: 'Create or replace a partner template (D2); 201 when created, else 200',
  })
  @ApiOkResponse({ description: 'The stored template' })
  @ApiNotFoundResponse({ description: 'Unknown partner (40408)' })
  async put(
    @Param('identifier') identifier: string,
    @Param('name') name: string,
    @Body() body: PutTemplateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { template, created } = await this.templates.put(identifier, name, body.tasks);
    void reply.status(created ? 201 : 200);
    return view(template);
  }

  @Get(':name')
  @ApiOperation({ summary: 'Read a partner template' })
  @ApiNotFoundResponse({ description: 'Unknown template (40408)' })
  async get(@Param('identifier') identifier: string, @Param('name') name: string) {
    return view(await this.templates.get(identifier, name));
  }

  @Delete(':name')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a partner template; requests using it are refused afterwards' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Unknown template (40408)' })
  async delete(@Param('identifier') identifier: string, @Param('name') name: string) {
    await this.templates.delete(identifier, name);
  }
}
