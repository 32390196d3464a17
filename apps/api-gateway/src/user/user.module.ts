import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { UserHttpController } from './interface/user.http.controller';

/** Merchant users (/v1/user/resolve). */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [UserHttpController],
})
export class UserModule {}
