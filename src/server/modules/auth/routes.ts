import type { Handlers } from '../../plugins/calls.ts';
import { toPublicUser } from '../user/mapper.ts';
import { userOf } from './guards.ts';
import { RESET_LINK_SENT, type AuthService } from './service.ts';

/** The account calls: register, sign in, the two password resets, the guards' checks and the profile. */
export const authHandlers = (auth: AuthService) =>
  ({
    register: async (request) => {
      const user = await auth.register(request.body);
      return { success: true, message: 'User Registered Successfully', user: toPublicUser(user) };
    },

    login: async (request) => {
      const { user, token } = await auth.login(request.body);
      return { success: true, message: 'Logged in successfully', user: toPublicUser(user), token };
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

    userAuth: async () => ({ ok: true }),
    adminAuth: async () => ({ ok: true }),

    updateProfile: async (request) => {
      const { user, token } = await auth.updateProfile(userOf(request).id, request.body);
      return {
        success: true,
        message: 'Profile Updated Successfully',
        updatedUser: toPublicUser(user),
        ...(token ? { token } : {}),
      };
    },
  }) satisfies Partial<Handlers>;
