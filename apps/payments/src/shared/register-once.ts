import type { DynamicModule } from '@nestjs/common';
import type { PaymentsConfig } from '../config/payments.config';

/**
 * A feature module several others import is registered once per configuration: the same dynamic
 * module object, so Nest builds its providers (workers, Kafka handlers) once.
 */
export function registerOnce(
  build: (config: PaymentsConfig) => DynamicModule,
): (config: PaymentsConfig) => DynamicModule {
  const registered = new WeakMap<PaymentsConfig, DynamicModule>();
  return (config) => {
    const known = registered.get(config);
    if (known) return known;
    const module = build(config);
    registered.set(config, module);
    return module;
  };
}
