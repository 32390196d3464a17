import { serviceConfig } from '@opp/config';

export class PayoutsConfig extends serviceConfig('PAYOUTS', 3003, 'opp_payouts') {}
