import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SearchProcessingV1Request, type SearchProcessingV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { SearchProcessingUseCase } from '../application/search-processing.use-case';

@Controller()
export class ProcessingSearchKafkaHandler {
  constructor(private readonly search: SearchProcessingUseCase) {}

  /** A read (ADR 0066): no inbox row, no transaction held while answering. */
  @OnRequest(SearchProcessingV1Request, { inbox: false })
  find(@Payload() query: SearchProcessingV1) {
    return this.search.execute(query);
  }
}
