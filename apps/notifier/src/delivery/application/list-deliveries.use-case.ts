import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { replyOk, type DeliveryListV1, type ListDeliveriesV1, type Reply } from '@opp/contracts';
import { DeliveryMapper } from '../infrastructure/delivery.mapper';
import { DeliveryRepository } from '../infrastructure/delivery.repository';

@Injectable()
export class ListDeliveriesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
  ) {}

  async execute(query: ListDeliveriesV1): Promise<Reply<DeliveryListV1>> {
    const { total, items } = await this.deliveries.list(this.dataSource.manager, query);
    return replyOk({
      totalCount: total,
      page: query.page,
      limit: query.limit,
      deliveries: items.map((d) => DeliveryMapper.toView(d)),
    });
  }
}
