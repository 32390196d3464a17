import { Body, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { AdminNotFound } from '../../../shared/application/admin-errors';
import { type AdminRequest } from '../admin-token.guard';
import { AdminDocs } from '../admin.openapi';
import type { AdminOperator } from '../../domain/admin-operator';
import {
  IssueOperatorTokenUseCase,
  ListOperatorTokensUseCase,
  RevokeOperatorTokenUseCase,
} from '../../application/operator-tokens.use-cases';
import { CreateOperatorTokenDto } from './create-operator-token.dto';
import { AdminController } from '../admin-controller.decorator';

/** Named operator tokens of the admin API (ADR 0061). */
@AdminController('admin/v1/operators')
export class AdminOperatorsHttpController {
  constructor(
    private readonly issue: IssueOperatorTokenUseCase,
    private readonly list: ListOperatorTokensUseCase,
    private readonly revoke: RevokeOperatorTokenUseCase,
  ) {}

  @Post()
  @ApiDoc(AdminDocs.createOperator)
  async create(@Body() body: CreateOperatorTokenDto, @Req() request: AdminRequest) {
    const issued = await this.issue.execute({
      ...body,
      createdBy: request.adminIdentity?.actor ?? 'unknown',
    });
    return { ...toOperatorResponse(issued), token: issued.token };
  }

  @Get()
  @ApiDoc(AdminDocs.listOperators)
  async all() {
    return { operators: (await this.list.execute()).map(toOperatorResponse) };
  }

  @Delete(':name')
  @ApiDoc(AdminDocs.revokeOperator)
  @HttpCode(204)
  async remove(@Param('name') name: string) {
    if (!(await this.revoke.execute(name))) throw AdminNotFound('operator', name);
  }
}

function toOperatorResponse(operator: AdminOperator) {
  return {
    name: operator.name,
    scope: operator.scope,
    createdBy: operator.createdBy,
    createdAt: operator.createdAt.toISOString(),
    revokedAt: operator.revokedAt?.toISOString() ?? null,
  };
}
