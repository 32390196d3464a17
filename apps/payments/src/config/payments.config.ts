import { serviceConfig } from '@opp/config';

export class PaymentsConfig extends serviceConfig('PAYMENTS', 3002, 'opp_payments') {}
