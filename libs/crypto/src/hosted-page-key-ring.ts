import { KeyRing } from './key-ring';

/**
 * The keys of hosted-page tokens (3-D Secure PaReq/PaRes, the processing ACS-return redirect):
 * HOSTED_PAGE_KEYS, held by the gateway and payments only, apart from the platform key ring.
 * The tokens live minutes, so rotation needs no worker: a new key goes first, the old one stays
 * until the tokens it made have expired (docs/security/key-hierarchy.md).
 */
export class HostedPageKeyRing extends KeyRing {}
