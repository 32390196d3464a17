import { replyError, type Reply } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';

/** A user who never subscribed has no reference recurrent transaction (404 40405). */
export const notSubscribed = (): Reply<never> =>
  replyError(
    ErrorCode.ReferenceRecurrentTransactionNotFound,
    'Reference recurrent transaction missing: the user has no recurring subscription',
  );
