export {
  DestinationGuard,
  isInternalAddress,
  isLinkLocalAddress,
  type DestinationCheck,
  type DestinationPolicy,
  type ResolvedAddress,
  type Resolver,
} from './destination-guard';
export { resolveAll } from './resolve-all';
export { isHttpUrl } from './http-url';
