// The one reading of a failed request's words (src/api/errorMessage.ts): the server's Arabic message is shown as
// it came; a stand-in without an Arabic letter never is (the client's «HTTP 500», a status text, the browser's
// «Failed to fetch»), the page's fallback is. Errors are built as the console's client builds them.
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { ApiError } from '../../src/api/client';
import { serverMessage, serverReason } from '../../src/api/errorMessage';
import { messages } from '../../src/domain/messages';

describe('serverMessage', () => {
  const refusal = 'هذا القبر ممتلئ.';

  it('says the server’s own message of a refusal', () => {
    expect(serverMessage(new HttpError(refusal, 409, { message: refusal }), 'admin.errorGeneric')).toBe(refusal);
    expect(serverMessage(new ApiError(400, refusal, refusal), 'admin.errorGeneric')).toBe(refusal);
    expect(serverReason(new HttpError(refusal, 400, null))).toBe(refusal);
  });

  it('says the connection failed in the console’s words, which are Arabic too', () => {
    const network = new HttpError(messages['errors.connection'], 0, null);
    expect(serverMessage(network, 'import.failed')).toBe(messages['errors.connection']);
  });

  it('falls back when the answer carried no message or the error is not the register’s', () => {
    for (const error of [
      new HttpError('HTTP 500', 500, null),
      new ApiError(500, 'HTTP 500', null),
      new ApiError(0, 'network error', null),
      { status: 403, message: 'Forbidden' },
      new TypeError('Failed to fetch'),
      new HttpError('', 500, null),
      null,
      'boom',
    ]) {
      expect(serverMessage(error, 'admin.errorGeneric')).toBe(messages['admin.errorGeneric']);
      expect(serverReason(error)).toBeNull();
    }
  });
});
