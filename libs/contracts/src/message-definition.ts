import type { TopicDefinition } from './topics';

export type SchemaClass<T> = new () => T;

/** An event or snapshot: a type name, the topic it travels on and the schema of its payload. */
export interface MessageDefinition<P> {
  readonly kind: 'message';
  readonly type: string;
  readonly topic: TopicDefinition;
  readonly schema: SchemaClass<P>;
}

/** A request answered over request/reply: the schema of the request and the type of its answer. */
export interface RequestDefinition<Req, Res> {
  readonly kind: 'request';
  readonly type: string;
  readonly topic: TopicDefinition;
  readonly schema: SchemaClass<Req>;
  /** Phantom field: carries the response type for the request client; never set at run time. */
  readonly response?: Res;
}

export type AnyDefinition = MessageDefinition<unknown> | RequestDefinition<unknown, unknown>;

export const defineMessage = <P>(
  type: string,
  topic: TopicDefinition,
  schema: SchemaClass<P>,
): MessageDefinition<P> => ({ kind: 'message', type, topic, schema });

export const defineRequest = <Req, Res>(
  type: string,
  topic: TopicDefinition,
  schema: SchemaClass<Req>,
): RequestDefinition<Req, Res> => ({ kind: 'request', type, topic, schema });

export type PayloadOf<D> =
  D extends MessageDefinition<infer P>
    ? P
    : D extends RequestDefinition<infer Q, unknown>
      ? Q
      : never;
export type ResponseOf<D> = D extends RequestDefinition<unknown, infer R> ? R : never;
