import {
  OpeningKeyRing,
  SealingKey,
  generateSealingKeyPair,
  openCard,
  sealCard,
  sealCardFragment,
} from '@opp/crypto';
import { TaskCardData } from './task-card-data';
import { Refusal } from '@opp/contracts';

const pair = generateSealingKeyPair('k1');
const gatewayKey = SealingKey.parse(pair.publicKey);
const ring = new OpeningKeyRing(pair.privateKey);
const taskCardData = new TaskCardData(ring);
const fragment = (secret: string, mask: string, project = 7) =>
  sealCardFragment(gatewayKey, project, secret, mask);

describe('TaskCardData', () => {
  it('opens the fragments of a card filled from parameters and seals the card for the charge', () => {
    const opened = taskCardData.open(7, {
      price: '1.00',
      card: {
        number: fragment('4242424242424242', '424242******4242'),
        expiration_month: 12,
        security_code: fragment('737', '***'),
      },
      description: `Card ${fragment('4242424242424242', '424242******4242')}`,
    });
    expect(opened.card).toBeUndefined();
    expect(opened.description).toBe('Card 424242******4242');
    expect(openCard(ring, 7, opened.sealed_card as string)).toEqual({
      number: '4242424242424242',
      expiration_month: 12,
      security_code: '737',
    });
  });

  it("keeps the gateway's sealed card and shows fragments elsewhere as masks", () => {
    const sealed = sealCard(gatewayKey, 7, { number: '4242424242424242' });
    const opened = taskCardData.open(7, {
      card: { number: '424242******4242' },
      sealed_card: sealed,
      order_id: fragment('5555555555554444', '555555******4444'),
    });
    expect(opened).toEqual({
      card: { number: '424242******4242' },
      sealed_card: sealed,
      order_id: '555555******4444',
    });
  });

  it("refuses a card fragment sealed for another project's payments", () => {
    expect(() =>
      taskCardData.open(7, {
        card: { number: fragment('4242424242424242', '424242******4242', 8) },
      }),
    ).toThrow(Refusal);
  });
});
