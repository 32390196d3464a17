import type { MessageContext } from '@opp/messaging';
import type { DeliveryOrigin } from '../domain/delivery';

/**
 * The origin of a delivery a consumed message causes: its correlation id (the envelope's, else its
 * id, as the transport logs it) and the trace context it came with, so the delivery's attempts join
 * the trace of the message even when a run of messages was handled in one call (`OnMessages`).
 */
export function deliveryOriginOf(context: MessageContext): DeliveryOrigin {
  const { envelope, trace } = context;
  return {
    correlationId: envelope.correlationId ?? envelope.id,
    traceparent: trace?.traceparent ?? null,
    tracestate: trace?.tracestate ?? null,
  };
}
