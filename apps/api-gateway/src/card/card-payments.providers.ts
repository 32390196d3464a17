import type { Provider, Type } from '@nestjs/common';
import { loadConfig } from '@opp/config';
import { BalanceHttpController } from '../balance/interface/balance.http.controller';
import { AcsHttpController } from '../hosted-pages/acs/acs.http.controller';
import { CheckoutHttpController } from '../hosted-pages/checkout/checkout.http.controller';
import { CardTokenRateLimit } from '../rate-limit/card-token-rate-limit';
import { CardTokenRateLimitConfig } from '../rate-limit/card-token-rate-limit.config';
import { CardTokenRateLimitGuard } from '../rate-limit/card-token-rate-limit.guard';
import { ReplayGuard } from '../replay-guard/replay-guard';
import { ReplayGuardInterceptor } from '../replay-guard/replay-guard.interceptor';
import { ReplayGuardPurger } from '../replay-guard/replay-guard.purger';
import { SignedRequestRepository } from '../replay-guard/signed-request.repository';
import { TransactionIdSignedGuard } from '../transaction/interface/transaction-id-signed.guard';
import { TransactionHttpController } from '../transaction/interface/transaction.http.controller';
import { WalletTransactionHttpController } from '../wallet/interface/wallet-transaction.http.controller';
import { CardDataSealer } from './application/card-data-sealer';
import { ChargeUserResolver } from './application/charge-user.resolver';
import { CardHttpController } from './interface/card.http.controller';
import { JsonpCallbackGuard } from './interface/jsonp-callback.guard';
import { ProjectPublicKeyGuard } from './interface/project-public-key.guard';

/**
 * The merchant card-payment surface (card, transaction queries, balance, the 3-D Secure simulator)
 * and what guards it (replay guard, card-token rate limit). Listed in AppModule, whose providers
 * (request client, project directory, config) these need.
 */
export const cardPaymentControllers: Type[] = [
  CardHttpController,
  TransactionHttpController,
  BalanceHttpController,
  AcsHttpController,
  WalletTransactionHttpController,
  CheckoutHttpController,
];

export const cardPaymentProviders: Provider[] = [
  { provide: CardTokenRateLimitConfig, useFactory: () => loadConfig(CardTokenRateLimitConfig) },
  CardTokenRateLimit,
  CardTokenRateLimitGuard,
  ProjectPublicKeyGuard,
  JsonpCallbackGuard,
  TransactionIdSignedGuard,
  ChargeUserResolver,
  CardDataSealer,
  SignedRequestRepository,
  ReplayGuard,
  ReplayGuardInterceptor,
  ReplayGuardPurger,
];
