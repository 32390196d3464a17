import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { RESOLVE_USER_DOC } from './user.openapi';
import { ResolveUserV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { toResolveUserCommand } from './resolve-user.request';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('users')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/user')
export class UserHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  /** Returns the internal id of the project's user with this identifier, creating it once. */
  @Post('resolve')
  @ApiDoc(RESOLVE_USER_DOC)
  @HttpCode(200)
  @SignedRoute()
  async resolve(@Merchant() merchant: AuthenticatedMerchant) {
    const command = toResolveUserCommand(merchant.project.id, merchant.params);
    const reply = await this.requests.request(ResolveUserV1Request, command, {
      key: `${command.projectId}:${command.identifier}`,
      correlationId: currentCorrelationId(),
    });
    const { id } = answerOrThrow(reply);
    return { id };
  }
}
