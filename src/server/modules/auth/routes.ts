import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  okResponse,
  profileBody,
  profileResponse,
  registerBody,
  registerResponse,
  resetLinkBody,
  resetPasswordBody,
} from '../../../contract/auth.ts';
import { errorResponse, successResponse } from '../../../contract/common.ts';
import { toPublicUser } from '../user/mapper.ts';
import { type Guards, userOf } from './guards.ts';
import { RESET_LINK_SENT, type AuthService } from './service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  guards: Guards;
  rateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, guards, rateLimitPerMinute },
) => {
  // One bucket per client address shared by the three public account calls. A single limiter is shared
  // on purpose: the plugin's per-route `config.rateLimit` gives every route its own store, even with a
  // `groupId` (fastify/fastify-rate-limit#463), which would triple the budget.
  const rateLimit = app.rateLimit({ max: rateLimitPerMinute, timeWindow: '1 minute' });
  const tags = ['auth'];

  app.post(
    '/register',
    {
      onRequest: rateLimit,
      schema: { tags, body: registerBody, response: { 201: registerResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.code(201).send({ success: true, message: 'User Registered Successfully', user: toPublicUser(user) });
    },
  );

  app.post(
    '/login',
    { onRequest: rateLimit, schema: { tags, body: loginBody, response: { 200: loginResponse, 401: errorResponse } } },
    async (request) => {
      const { user, token } = await auth.login(request.body);
      return { success: true as const, message: 'Logged in successfully', user: toPublicUser(user), token };
    },
  );

  app.post(
    '/forgot-password',
    {
      onRequest: rateLimit,
      schema: { tags, body: forgotPasswordBody, response: { 200: successResponse, 401: errorResponse } },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { success: true as const, message: 'Password Reset Successfully' };
    },
  );

  app.post(
    '/reset-link',
    {
      onRequest: rateLimit,
      schema: {
        tags,
        description: 'Mail a link to choose a new password. The answer is the same whether the address has an account or not.',
        body: resetLinkBody,
        response: { 200: successResponse },
      },
    },
    async (request) => {
      await auth.requestResetLink(request.body);
      return { success: true as const, message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/reset-password',
    {
      onRequest: rateLimit,
      schema: { tags, description: 'A new password, with the token of a mailed link (once, within 30 minutes).', body: resetPasswordBody, response: { 200: successResponse } },
    },
    async (request) => {
      await auth.resetWithToken(request.body);
      return { success: true as const, message: 'Password Reset Successfully' };
    },
  );

  app.get(
    '/user-auth',
    { preHandler: guards.requireUser, schema: { tags, response: { 200: okResponse, 401: errorResponse } } },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/admin-auth',
    { preHandler: guards.requireAdmin, schema: { tags, response: { 200: okResponse, 403: errorResponse } } },
    async () => ({ ok: true as const }),
  );

  app.put(
    '/profile',
    { preHandler: guards.requireUser, schema: { tags, body: profileBody, response: { 200: profileResponse } } },
    async (request) => {
      const { user, token } = await auth.updateProfile(userOf(request).id, request.body);
      return {
        success: true as const,
        message: 'Profile Updated Successfully',
        updatedUser: toPublicUser(user),
        ...(token ? { token } : {}),
      };
    },
  );
};
