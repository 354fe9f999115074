// Issue 28: families' corrections of a burial (docs/corrections-and-photos.md). Filled in by the corrections work.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';

export async function correctionRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
