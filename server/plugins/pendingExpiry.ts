// Visitors' photos left undecided past PENDING_PHOTO_DAYS are removed with their files (server/data/photos.ts
// expirePendingPhotos): once as the server gets ready (before it listens), then every hour, by the server's own clock
// (ctx.now). Every process sharing a register may sweep; each photo goes once.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { expirePendingPhotos } from '../data/photos';

const EVERY_MS = 3_600_000;

async function pendingExpiry(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  const { ctx } = options;
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= expirePendingPhotos(ctx.db, ctx.config.photosDir, ctx.now(), ctx.config.pendingPhotoDays)
      .then(
        (removed) => {
          if (removed > 0) app.log.info(`pending photos removed after ${ctx.config.pendingPhotoDays} days: ${removed}`);
        },
        (error: Error) => app.log.error(`pending photos sweep failed: ${error.message}`),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(pendingExpiry, { name: 'pending-expiry' });
