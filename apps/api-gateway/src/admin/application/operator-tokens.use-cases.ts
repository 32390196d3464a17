import { Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '@opp/errors';
import {
  newOperatorToken,
  operatorTokenDigest,
  RESERVED_OPERATOR_NAMES,
  type AdminOperator,
  type OperatorScope,
} from '../domain/admin-operator';
import { AdminOperatorStore } from './admin-operator.store';

/** Issues a named operator token; the token is answered now and never again (ADR 0061). */
@Injectable()
export class IssueOperatorTokenUseCase {
  constructor(private readonly operators: AdminOperatorStore) {}

  async execute(request: {
    name: string;
    scope: OperatorScope;
    createdBy: string;
  }): Promise<AdminOperator & { token: string }> {
    if (RESERVED_OPERATOR_NAMES.includes(request.name)) {
      throw ApiError.of(ErrorCode.InvalidParameter, `name ${request.name} is reserved`);
    }
    const token = newOperatorToken();
    const operator = await this.operators.add(request, operatorTokenDigest(token));
    if (!operator) {
      throw ApiError.of(
        ErrorCode.InvalidParameter,
        `an operator token named ${request.name} exists: revoke it first`,
      );
    }
    return { ...operator, token };
  }
}

/** Every operator token issued, revoked ones included (never the tokens themselves). */
@Injectable()
export class ListOperatorTokensUseCase {
  constructor(private readonly operators: AdminOperatorStore) {}

  execute(): Promise<AdminOperator[]> {
    return this.operators.list();
  }
}

/** Revokes an operator token: its next call is refused with 401 (ADR 0061). */
@Injectable()
export class RevokeOperatorTokenUseCase {
  constructor(private readonly operators: AdminOperatorStore) {}

  execute(name: string): Promise<AdminOperator | null> {
    return this.operators.revoke(name);
  }
}
