import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  GetPayoutParametersV1Request,
  ListPayoutTypesV1Request,
  type GetPayoutParametersV1,
  type ListPayoutTypesV1,
  answer,
} from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { PayoutCatalogueUseCase } from '../application/payout-catalogue.use-case';

/** Reads of the payout rules: outside the inbox, a redelivery simply answers again. */
@Controller()
export class PayoutCatalogueKafkaHandler {
  constructor(private readonly catalogue: PayoutCatalogueUseCase) {}

  @OnRequest(ListPayoutTypesV1Request, { inbox: false })
  types(@Payload() _query: ListPayoutTypesV1) {
    return answer(() => this.catalogue.types());
  }

  @OnRequest(GetPayoutParametersV1Request, { inbox: false })
  parameters(@Payload() query: GetPayoutParametersV1) {
    return answer(() => this.catalogue.parameters(query));
  }
}
