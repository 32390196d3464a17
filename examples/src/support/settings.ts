/**
 * Where the examples find the platform: environment variables, with the addresses and the admin
 * token that `npm start` uses in development (README.md, "What runs").
 */
export const settings = {
  /** The public listener: /v1 for merchants, /processing for partners, the 3-D Secure pages. */
  gatewayUrl: process.env.OPP_GATEWAY_URL ?? 'http://127.0.0.1:3000',
  /** The admin API's own listener. */
  adminUrl: process.env.OPP_ADMIN_URL ?? 'http://127.0.0.1:3010',
  adminToken: process.env.OPP_ADMIN_TOKEN ?? 'dev-admin-token',
  /** The keys of an existing project; without them an example creates a sandbox project. */
  publicKey: process.env.OPP_PUBLIC_KEY,
  privateKey: process.env.OPP_PRIVATE_KEY,
  /** Where the callback and notification receivers listen: this machine, a free port. */
  receiverHost: process.env.OPP_RECEIVER_HOST ?? '127.0.0.1',
  /** How long an example waits for a callback or a notification before it gives up. */
  waitSeconds: Number(process.env.OPP_WAIT_SECONDS ?? '30'),
};

/** A sandbox card's expiry: any date in the future is valid (ADR 0006). */
export const SANDBOX_EXPIRY = { month: 12, year: new Date().getUTCFullYear() + 2 };
