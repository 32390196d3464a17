import { Body, Delete, Get, HttpCode, Param, Put, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { AdminDocs, PARTNER_TEMPLATE_SCHEMA } from '../admin.openapi';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import type { FastifyReply } from 'fastify';
import { PartnerTemplatesUseCase } from '../../../template/application/partner-templates.use-case';
import type { PartnerTemplate } from '../../../template/domain/partner-template';
import { PutTemplateDto } from './dto/put-template.dto';
import { AdminController } from '../admin-controller.decorator';

const view = (t: PartnerTemplate) => ({
  identifier: t.partnerIdentifier,
  name: t.name,
  tasks: t.tasks,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

@AdminController('admin/v1/partners/:identifier/templates')
export class AdminTemplatesHttpController {
  constructor(private readonly templates: PartnerTemplatesUseCase) {}

  @Put(':name')
  @ApiDoc(AdminDocs.putTemplate)
  @ApiResponse({
    status: 201,
    description: 'Created',
    content: { 'application/json': { schema: PARTNER_TEMPLATE_SCHEMA } },
  })
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
  @ApiDoc(AdminDocs.getTemplate)
  async get(@Param('identifier') identifier: string, @Param('name') name: string) {
    return view(await this.templates.get(identifier, name));
  }

  @Delete(':name')
  @ApiDoc(AdminDocs.deleteTemplate)
  @HttpCode(204)
  async delete(@Param('identifier') identifier: string, @Param('name') name: string) {
    await this.templates.delete(identifier, name);
  }
}
