// The copies of whole answers one server keeps: a build shared by everyone who asks meanwhile, and an answer too
// large to keep remembered as such for its ETag, so that it is streamed without being built again first.
import { expect, it } from 'vitest';
import { KeptStreams } from '../../server/http/streamedAnswer';

it('builds an answer once for callers asking together, and does not build again one found too large', async () => {
  const streams = new KeptStreams();
  let made = 0;
  const body = Buffer.from('kept');
  const make = async () => {
    made++;
    return body;
  };
  expect(await Promise.all([streams.shared('a', '"1"', make), streams.shared('a', '"1"', make)])).toEqual([body, body]);
  expect(made).toBe(1);
  expect(await streams.shared('a', '"1"', make)).toBe(body);
  expect(made).toBe(1);

  let tried = 0;
  const tooLarge = async () => {
    tried++;
    return null;
  };
  expect(await streams.shared('b', '"1"', tooLarge)).toBeNull();
  expect(await streams.shared('b', '"1"', tooLarge)).toBeNull();
  expect(tried).toBe(1);
  // Another ETag (a write, a new day) is tried anew.
  expect(await streams.shared('b', '"2"', tooLarge)).toBeNull();
  expect(tried).toBe(2);
});
