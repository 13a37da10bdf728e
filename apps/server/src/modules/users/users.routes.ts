import {
  adminStatusSchema,
  emailParamsSchema,
  profileRequestSchema,
  profileSchema,
  roleChangeSchema,
  TOTAL_COUNT_HEADER,
  userListQuerySchema,
  userListSchema,
} from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionGuards } from '../auth/session.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';

/** The spec's user paths: admin status, the admin's user list, roles, removal, the profile. */
export const usersRoutes: FastifyPluginAsyncZod<{
  guards: SessionGuards;
  users: UsersService;
  repo: UsersRepository;
}> = async (app, { guards, users, repo }) => {
  app.get(
    '/admin/:email',
    {
      onRequest: guards.signedIn,
      schema: { params: emailParamsSchema, response: { 200: adminStatusSchema } },
    },
    async (request) => {
      const actor = await guards.requireUser(request);
      return { admin: await users.isAdmin(actor, request.params.email) };
    },
  );

  app.get(
    '/user',
    {
      onRequest: guards.adminOnly,
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { users: rows, total } = await repo.listUsers(page, pageSize);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows;
    },
  );

  app.put(
    '/user/admin/:email',
    {
      onRequest: guards.adminOnly,
      schema: { params: emailParamsSchema, response: { 200: roleChangeSchema } },
    },
    async (request) => users.setRole(request.params.email, 'admin'),
  );

  app.delete(
    '/user/admin/:email',
    {
      onRequest: guards.adminOnly,
      schema: { params: emailParamsSchema, response: { 200: roleChangeSchema } },
    },
    async (request) => users.setRole(request.params.email, 'user'),
  );

  app.delete(
    '/user/:email',
    {
      onRequest: guards.adminOnly,
      schema: { params: emailParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const actor = await guards.requireAdmin(request);
      await users.removeUser(actor, request.params.email);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/user/:email',
    {
      onRequest: guards.signedIn,
      schema: {
        params: emailParamsSchema,
        body: profileRequestSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const actor = await guards.requireUser(request);
      return users.updateProfile(actor, request.params.email, request.body);
    },
  );
};
