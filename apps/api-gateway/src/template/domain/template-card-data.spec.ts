import { templateCardDataProblem, withoutCardData } from './template-card-data';

// H3 (ADR 0064): a template holding a literal card number or security code is refused, and the
// refusal names the place without echoing the card data.
describe('templateCardDataProblem', () => {
  const card = (fields: Record<string, unknown>) => [
    { type: 'card.payment', payload: { amount: '1.00', card: fields } },
  ];

  it('accepts card fields written as placeholders', () => {
    expect(
      templateCardDataProblem(
        card({ number: '${parameters.pan}', security_code: '${parameters.cvc}', holder: 'J' }),
      ),
    ).toBeNull();
  });

  it.each([
    ['a card number', card({ number: '4111111111111111' })],
    ['a card number as a JSON number', card({ number: 4111111111111111 })],
    [
      'a grouped card number in free text',
      [{ type: 'message.send', payload: { text: 'pan 4111.1111.1111.1111' } }],
    ],
    ['a security code', card({ number: '${parameters.pan}', security_code: '737' })],
    ['a security code as a number', card({ number: '${parameters.pan}', cvc: 737 })],
    ['a card number as a key', [{ type: 'wait', payload: { '4111111111111111': 1 } }]],
    [
      'a card number in a branch',
      [
        {
          type: 'wait',
          success: [{ type: 'message.send', payload: { text: '4111111111111111' } }],
        },
      ],
    ],
  ])('refuses %s without echoing it', (_, tasks) => {
    const problem = templateCardDataProblem(tasks);
    expect(problem).toMatch(/placeholder/);
    expect(problem).not.toMatch(/4111111111111111|4111\.1111|737/);
  });

  it('masks what a template stored before the rule holds', () => {
    const masked = withoutCardData(
      card({ number: '4111111111111111', security_code: '737', holder: '${parameters.h}' }),
    );
    expect(masked).toEqual(
      card({ number: '411111******1111', security_code: '***', holder: '${parameters.h}' }),
    );
    expect(templateCardDataProblem(masked)).toBeNull();
  });
});
