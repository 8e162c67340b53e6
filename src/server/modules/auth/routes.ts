import type { Handlers } from '../../plugins/calls.ts';
import { toPublicUser } from '../user/mapper.ts';
import { sessionOf, userOf } from './guards.ts';
import { CLAIM_LINK_SENT, RESET_LINK_SENT, type AuthService } from './service.ts';

/**
 * The account calls: register, sign in and out, the two password resets, the guards' checks, the profile
 * and the security answer.
 */
export const authHandlers = (auth: AuthService) =>
  ({
    register: async (request) => {
      const user = await auth.register(request.body);
      return { success: true, message: 'User Registered Successfully', user: toPublicUser(user) };
    },

    login: async (request) => {
      const { user, token } = await auth.login(request.body, request.ip);
      return { success: true, message: 'Logged in successfully', user: toPublicUser(user), token };
    },

    logout: async (request) => {
      await auth.logout(sessionOf(request));
      return { success: true, message: 'Logout Successfully' };
    },

    forgotPassword: async (request) => {
      await auth.resetPassword(request.body);
      return { success: true, message: 'Password Reset Successfully' };
    },

    resetLink: async (request) => {
      await auth.requestResetLink(request.body);
      return { success: true, message: RESET_LINK_SENT };
    },

    resetPassword: async (request) => {
      await auth.resetWithToken(request.body);
      return { success: true, message: 'Password Reset Successfully' };
    },

    confirmEmail: async (request) => {
      const { orders } = await auth.confirmEmail(request.body.token);
      const message = orders === 0 ? 'E-mail address confirmed' : `E-mail address confirmed: ${orders === 1 ? '1 order' : `${orders} orders`} joined your account`;
      return { success: true, message, orders };
    },

    claimGuestOrders: async (request) => {
      await auth.requestClaimLink(userOf(request));
      return { success: true, message: CLAIM_LINK_SENT };
    },

    userAuth: async () => ({ ok: true }),
    adminAuth: async () => ({ ok: true }),

    updateProfile: async (request) => {
      const { user, token } = await auth.updateProfile(userOf(request), request.body, request.ip);
      return {
        success: true,
        message: 'Profile Updated Successfully',
        updatedUser: toPublicUser(user),
        ...(token ? { token } : {}),
      };
    },

    changeSecurityAnswer: async (request) => {
      await auth.changeAnswer(userOf(request), request.body, request.ip);
      return { success: true, message: 'Security answer changed' };
    },
  }) satisfies Partial<Handlers>;
