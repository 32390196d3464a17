import { BadRequestException, type ArgumentsHost } from '@nestjs/common';
import { ApiError, ErrorCode } from '@opp/errors';
import { BrokerUnavailableError } from '@opp/messaging';
import { PartnerAuthRefusal } from '../../partner-auth/interface/partner-auth-refusal';
import { ProcessingError } from '../application/processing-error';
import { ProcessingExceptionFilter } from './processing-exception.filter';
import { PROCESSING_UNAVAILABLE_TEXT } from './processing-unavailable';

interface Sent {
  status?: number;
  type?: string;
  body?: unknown;
}

function answer(exception: unknown): Sent {
  const sent: Sent = {};
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    type(value: string) {
      sent.type = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  new ProcessingExceptionFilter().catch(exception, host);
  return sent;
}

describe('ProcessingExceptionFilter (the processing API owns its error shape)', () => {
  it('never echoes a card number a message quotes (ADR 0064)', () => {
    const refusal = ProcessingError.invalid(
      'INVALID_HEADER',
      'host 4111.1111.1111.1111.example refused',
    );
    expect(answer(refusal).body).toEqual({
      error: { code: 'INVALID_HEADER', message: 'host 411111******1111.example refused' },
    });
    const apiError = ApiError.of(ErrorCode.InvalidParameter, 'x 4111111111111111 y');
    expect(JSON.stringify(answer(apiError).body)).not.toContain('4111111111111111');
  });

  it('answers the API error object with its status', () => {
    expect(answer(ProcessingError.invalid('INVALID_HEADER', 'bad uri'))).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_HEADER', message: 'bad uri' } },
    });
    expect(answer(ProcessingError.notFound())).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Unknown GlobalId' } },
    });
  });

  it('answers a refused partner 401 without saying why, an unreadable body 400', () => {
    expect(answer(PartnerAuthRefusal.unauthorized())).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Partner or signature is not valid' } },
    });
    expect(answer(PartnerAuthRefusal.unreadableBody())).toEqual({
      status: 400,
      body: {
        error: { code: 'INVALID_REQUEST', message: 'The body must be a JSON Request object' },
      },
    });
  });

  it('answers the plain 404 apology when the request cannot be accepted now', () => {
    const apology = {
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: PROCESSING_UNAVAILABLE_TEXT,
    };
    expect(answer(new ProcessingError(404, 'UNAVAILABLE', 'cannot be accepted now'))).toEqual(
      apology,
    );
    expect(answer(new BrokerUnavailableError('down'))).toEqual(apology);
    expect(answer(ApiError.of(ErrorCode.ServiceUnavailable))).toEqual(apology);
    expect(answer(new Error('unexpected'))).toEqual(apology);
  });

  it('keeps the catalogue envelope for what the framework refuses (never a 5xx, ADR 0016)', () => {
    const sent = answer(new BadRequestException('Request body is not valid JSON'));
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      error: { code: ErrorCode.InvalidParameter, message: expect.any(String) },
    });
  });
});
