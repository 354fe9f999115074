// Issue 28: the photos of a grave (docs/corrections-and-photos.md). Filled in by the photos work.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';

export async function photoRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
