// Route modules register on an instance typed by their JSON schemas: request.params, body and query get their types
// from the schemas Fastify validates with (no casts), and each handler's answer is checked against its response schema.
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();
