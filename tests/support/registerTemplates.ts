// What the registers test servers are copied from have in common, on either engine: each is made once per key and
// test process (a failed making is forgotten, so the next server tries again and fails with its own error), and
// filled through a store that is closed before anything copies it (nothing of it waits in a journal or a connection).
import { openStore, type Store } from '../../server/db/connect';

export type Fill = (db: Store['db']) => Promise<void>;

/** Opens the register at `databaseUrl`, lets `fill` write into it, and closes it. */
export async function fillRegister(databaseUrl: string, fill: Fill): Promise<void> {
  const store = await openStore(databaseUrl);
  try {
    await fill(store.db);
  } finally {
    await store.close();
  }
}

/** `made` under `key`, made by `make` on the first ask, and made again if that making failed. */
export function madeOnce<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let making = made.get(key);
  if (!making) {
    making = make();
    made.set(key, making);
    making.catch(() => made.get(key) === making && made.delete(key));
  }
  return making;
}
