import { Body, Get, Param, Post } from '@nestjs/common';
import { AdminDocs } from '../admin.openapi';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { AdminNotFound } from '../../../shared/application/admin-errors';
import { CreatePartnerUseCase } from '../../../partner/application/create-partner/create-partner.use-case';
import { GetPartnerUseCase } from '../../../partner/application/get-partner/get-partner.use-case';
import { CreatePartnerDto } from './dto/create-partner.dto';
import { AdminController } from '../admin-controller.decorator';

@AdminController('admin/v1/partners')
export class AdminPartnersHttpController {
  constructor(
    private readonly createPartner: CreatePartnerUseCase,
    private readonly getPartner: GetPartnerUseCase,
  ) {}

  /** ADR 0002: the secret is shown once, in this answer. */
  @Post()
  @ApiDoc(AdminDocs.createPartner)
  async create(@Body() body: CreatePartnerDto) {
    const partner = await this.createPartner.execute(body);
    return { identifier: partner.identifier, secret: partner.secret, projectId: partner.projectId };
  }

  @Get(':identifier')
  @ApiDoc(AdminDocs.getPartner)
  async get(@Param('identifier') identifier: string) {
    const partner = await this.getPartner.execute(identifier);
    if (!partner) throw AdminNotFound('partner', identifier);
    return { identifier: partner.identifier, projectId: partner.projectId, name: partner.name };
  }
}
