import * as path from 'node:path';
import { gatewayFiles, outsideLayers } from './gateway-layout';

const root = path.resolve(__dirname, '../../..');
const GATEWAY = path.join(root, 'apps/api-gateway/src');

describe('the gateway in one shape', () => {
  it('keeps every file of apps/api-gateway/src in a layer folder of its feature, but for the modules, entry points, config and database', () => {
    expect(outsideLayers(gatewayFiles(GATEWAY))).toEqual([]);
  });

  it('finds a file beside the layers, a file in a folder no layer rule classifies, and a test fixture beside production code', () => {
    expect(
      outsideLayers([
        'http/form-fields.ts',
        'admin/operators/admin-operator.ts',
        'deliveries/admin-deliveries.http.controller.ts',
        'card/interface/card.http.controller.ts',
        'transaction/interface/transaction-record.fixture.ts',
        'card/card-payments.module.ts',
        'config/gateway.config.ts',
      ]),
    ).toEqual([
      'http/form-fields.ts',
      'admin/operators/admin-operator.ts',
      'deliveries/admin-deliveries.http.controller.ts',
      'transaction/interface/transaction-record.fixture.ts',
    ]);
  });
});
