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
  securityAnswerBody,
} from '../../../contract/auth.ts';
import { errorResponse, successResponse } from '../../../contract/common.ts';
import { toPublicUser } from '../user/mapper.ts';
import { type Guards, sessionOf, userOf } from './guards.ts';
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
      const { user, token } = await auth.login(request.body, request.ip);
      return { success: true as const, message: 'Logged in successfully', user: toPublicUser(user), token };
    },
  );

  app.post(
    '/forgot-password',
    {
      onRequest: rateLimit,
      schema: {
        tags,
        description: 'A new password with the security answer; refused (403) for an administrator, who uses the mailed link.',
        body: forgotPasswordBody,
        response: { 200: successResponse, 401: errorResponse, 403: errorResponse },
      },
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
        description:
          'Mail a link to choose a new password. The answer is the same, in the same time, whether the address has an account or not.',
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
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        description: 'A new `password` needs `currentPassword` (400 without it, 403 when it is wrong); an empty password keeps the old one.',
        body: profileBody,
        response: { 200: profileResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { user, token } = await auth.updateProfile(userOf(request), request.body, request.ip);
      return {
        success: true as const,
        message: 'Profile Updated Successfully',
        updatedUser: toPublicUser(user),
        ...(token ? { token } : {}),
      };
    },
  );

  app.put(
    '/security-answer',
    {
      preHandler: guards.requireUser,
      schema: {
        tags,
        description: 'A new security answer, with the current password (403 when it is wrong).',
        body: securityAnswerBody,
        response: { 200: successResponse, 403: errorResponse },
      },
    },
    async (request) => {
      await auth.changeAnswer(userOf(request), request.body, request.ip);
      return { success: true as const, message: 'Security answer changed' };
    },
  );

  app.post(
    '/logout',
    {
      preHandler: guards.requireUser,
      schema: { tags, description: "Sign this session out: its token is refused from now on (the account's other sessions stay).", response: { 200: successResponse, 401: errorResponse } },
    },
    async (request) => {
      await auth.logout(sessionOf(request));
      return { success: true as const, message: 'Logout Successfully' };
    },
  );
};
