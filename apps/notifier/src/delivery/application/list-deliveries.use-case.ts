import { Injectable } from '@nestjs/common';
import { replyOk, type DeliveryListV1, type ListDeliveriesV1, type Reply } from '@opp/contracts';
import { deliveryView } from './delivery-view';
import { DeliveryStore } from './delivery.store';

@Injectable()
export class ListDeliveriesUseCase {
  constructor(private readonly deliveries: DeliveryStore) {}

  async execute(query: ListDeliveriesV1): Promise<Reply<DeliveryListV1>> {
    const { total, items } = await this.deliveries.list(query);
    return replyOk({
      totalCount: total,
      page: query.page,
      limit: query.limit,
      deliveries: items.map(deliveryView),
    });
  }
}
