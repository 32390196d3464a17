import { serviceConfig } from '@opp/config';

export class NotifierConfig extends serviceConfig('NOTIFIER', 3004, 'opp_notifier') {}
