import type { FastifyInstance } from 'fastify';
import { accountsRoutes as r } from '@clearspeak/contract';
import type { AppDeps } from '../app-deps.ts';
import { registerContractRoute, requireAuth } from '../lib/routing.ts';
import {
  changePassword,
  register,
  requestPasswordReset,
  resendVerificationCode,
  resetPassword,
  signInWithPassword,
  signInWithSocial,
  signOut,
  verifyEmail,
} from './service.ts';
import { createFacebookVerifier, createGoogleVerifier } from './social.ts';

const ok = <T extends object>(body: T) => ({ isError: false as const, ...body });

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = deps.route;
  const limited = { rateLimited: true };
  const google = createGoogleVerifier(deps.config.google, deps.fetch);
  const facebook = createFacebookVerifier(deps.config.facebook, deps.fetch);

  registerContractRoute(
    app,
    route,
    r.webPortalLogin,
    async ({ input, ip, userAgent }) => {
      const data = await signInWithPassword(deps, {
        email: input.email,
        password: input.password,
        rememberMe: input.remember_me ?? false,
        captchaSolution: input['g-recaptcha-response'],
        ip,
        userAgent,
      });
      return ok({ message: 'Login successful.', data });
    },
    limited,
  );

  registerContractRoute(
    app,
    route,
    r.legacyLogin,
    async ({ input, ip, userAgent }) => {
      const data = await signInWithPassword(deps, { email: input.email, password: input.password, rememberMe: false, captchaSolution: null, ip, userAgent });
      return ok({ message: 'Login successful.', data });
    },
    limited,
  );

  for (const [def, provider, verifier] of [
    [r.googleWebLogin, 'google', google],
    [r.facebookWebLogin, 'facebook', facebook],
  ] as const) {
    registerContractRoute(
      app,
      route,
      def,
      async ({ input, ip, userAgent }) => {
        const result = await signInWithSocial(deps, {
          provider,
          verifier,
          token: input.token,
          email: input.email || undefined,
          anonymousId: input.anonymousUserId,
          rememberMe: input.remember_me ?? false,
          ip,
          userAgent,
        });
        if (result.kind === 'need_email') return ok({ message: 'Please give your email address.', need_email: true as const });
        return ok({ message: 'Login successful.', data: result.session });
      },
      limited,
    );
  }

  registerContractRoute(app, route, r.authConfig, async () => ({
    google_client_id: deps.config.google.clientId ?? null,
    facebook_app_id: facebook ? (deps.config.facebook.appId ?? null) : null,
    captcha: deps.captcha.kind,
    recaptcha_site_key: deps.captcha.kind === 'recaptcha' ? (deps.config.recaptcha.siteKey ?? null) : null,
  }));

  registerContractRoute(app, route, r.captchaChallenge, async () => deps.captcha.createChallenge());

  registerContractRoute(
    app,
    route,
    r.register,
    async ({ input }) => {
      const data = await register(deps, { email: input.email, password: input.password, roleId: input.role_id, anonymousId: input.anonymousUserId });
      return ok({ message: 'We have sent a 6-digit code to your email.', data });
    },
    { ...limited, status: 201 },
  );

  registerContractRoute(app, route, r.verifyEmail, async ({ input }) => ok({ message: await verifyEmail(deps, input) }), limited);
  registerContractRoute(app, route, r.resendOtp, async ({ input }) => ok({ message: await resendVerificationCode(deps, input) }), limited);
  registerContractRoute(app, route, r.forgotPassword, async ({ input }) => ok({ message: await requestPasswordReset(deps, input) }), limited);
  registerContractRoute(app, route, r.sendPasswordResetToken, async ({ input }) => ok({ message: await requestPasswordReset(deps, input) }), limited);
  registerContractRoute(app, route, r.resetPassword, async ({ input }) => ok({ message: await resetPassword(deps, input) }), limited);

  registerContractRoute(
    app,
    route,
    r.updatePassword,
    async (ctx) =>
      ok({
        message: await changePassword(deps, {
          auth: requireAuth(ctx),
          oldPassword: ctx.input.old_password,
          newPassword: ctx.input.new_password,
          confirmation: ctx.input.new_password_confirmation,
        }),
      }),
    limited,
  );

  registerContractRoute(app, route, r.webLogout, async (ctx) => {
    await signOut(deps, requireAuth(ctx));
    return ok({ message: 'You have been signed out.' });
  });
}
