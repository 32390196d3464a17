import type { OpenAPIObject } from '@nestjs/swagger';

type Examples = Record<string, { summary: string; value: unknown }>;

/** A placeholder: the HMAC of the values (ADR 0003), which the SDK computes. */
const SIGNATURE = '5d41402abc4b2a76b9719d911017c592ae8c5a2b4e1f0c1d2e3f405162738495';

/** Request and answer examples by operation id, for what a field list alone does not show. */
const EXAMPLES: Record<string, { request?: Examples; answer?: Examples }> = {
  createPayout: {
    request: {
      sepa: {
        summary: 'SEPA transfer: an IBAN, EUR only, the beneficiary and the bank BIC',
        value: {
          project: 'pk_3f9a0c2e',
          type: 2,
          account: 'DE89370400440532013000',
          amount: '20.00',
          currency: 'EUR',
          orderId: 'payout-1001',
          beneficiaryFirstName: 'Anna',
          beneficiaryLastName: 'Muster',
          receiverBankBIC: 'COBADEFFXXX',
          description: 'Refund of order 1001',
          signature: SIGNATURE,
        },
      },
      card: {
        summary: 'Card payout by token: holder and expiry, and (outside the EEA) the beneficiary',
        value: {
          project: 'pk_3f9a0c2e',
          type: 1,
          cardToken: '9f0c2f8e-2b3c-4d6e-9a1b-7c5d3e2f1a0b',
          amount: '15.00',
          currency: 'EUR',
          orderId: 'payout-1002',
          cardHolder: 'ANNA MUSTER',
          cardExpirationDate: '12/30',
          beneficiaryFirstName: 'Anna',
          beneficiaryLastName: 'Muster',
          birthDate: '31.01.1990',
          signature: SIGNATURE,
        },
      },
    },
  },
  listPayoutParameters: {
    answer: {
      sepa: {
        summary: 'type 2 (sepa), an IBAN, EUR',
        value: [
          {
            name: 'beneficiaryFirstName',
            type: 'text',
            label: 'Beneficiary first name',
            required: true,
          },
          {
            name: 'beneficiaryLastName',
            type: 'text',
            label: 'Beneficiary last name',
            required: true,
          },
          {
            name: 'receiverBankBIC',
            type: 'bic',
            label: 'Receiver bank BIC/SWIFT',
            required: true,
          },
          { name: 'description', type: 'text', label: 'Payout description', required: false },
        ],
      },
    },
  },
};

/** The document with the examples of EXAMPLES on its operations' bodies and success answers. */
export function withExamples(paths: OpenAPIObject['paths']): OpenAPIObject['paths'] {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const op = operation as {
        operationId?: string;
        requestBody?: { content?: Record<string, { examples?: Examples }> };
        responses?: Record<string, { content?: Record<string, { examples?: Examples }> }>;
      };
      const examples = op.operationId ? EXAMPLES[op.operationId] : undefined;
      if (!examples) continue;
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        if (examples.request) media.examples = examples.request;
      }
      for (const media of Object.values(op.responses?.['200']?.content ?? {})) {
        if (examples.answer) media.examples = examples.answer;
      }
    }
  }
  return paths;
}
