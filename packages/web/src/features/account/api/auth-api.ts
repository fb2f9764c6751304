/**
 * The identity calls of spec 1 §7 ("a hosted identity service provides"), typed with the protocol's contracts
 * (protocol/src/cloud/identity.ts). Sign-in hands the new session to SessionSync (in memory, broadcast to the tabs;
 * the cloud keeps the refresh token in its HttpOnly cookie); a verified email updates the user.
 */
import {
  CloudUserSchema,
  CodeDeliverySchema,
  IDENTITY_PATHS as P,
  OkSchema,
  isTwoFactorChallenge,
  SignInReplySchema,
  type ChangePasswordBody,
  type CloudUser,
  type CodeDelivery,
  type ConfirmForgotPasswordBody,
  type ConfirmSignUpBody,
  type Ok,
  type SignInBody,
  type SignUpBody,
  type TwoFactorChallenge,
  type UpdateEmailBody,
} from '@rackside/protocol';
import { cloudApi, type CloudExtra } from '../../../shared/cloud/cloud-api';
import { userLoaded } from '../../../shared/cloud/session-slice';

const post = <T>(path: string, body: unknown, schema: import('zod').ZodType<T>, anonymous = true) =>
  ({ path, method: 'POST', body, schema, anonymous }) as const;

export const authApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    /** Signed in (true), or two-factor on (issue 21): the challenge for the code step. */
    signIn: build.mutation<true | TwoFactorChallenge, SignInBody>({
      async queryFn(body, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const result = await sessionSync.call(post(P.signIn, body, SignInReplySchema));
        if (result.error) return { error: result.error };
        if (isTwoFactorChallenge(result.data)) return { data: result.data };
        sessionSync.signedIn(result.data);
        return { data: true };
      },
    }),
    signUp: build.mutation<CodeDelivery, SignUpBody>({ query: (body) => post(P.signUp, body, CodeDeliverySchema) }),
    confirmSignUp: build.mutation<Ok, ConfirmSignUpBody>({
      query: (body) => post(P.confirmSignUp, body, OkSchema),
    }),
    resendCode: build.mutation<CodeDelivery, { email: string }>({
      query: (body) => post(P.resendCode, body, CodeDeliverySchema),
    }),
    forgotPassword: build.mutation<CodeDelivery, { email: string }>({
      query: (body) => post(P.forgotPassword, body, CodeDeliverySchema),
    }),
    confirmForgotPassword: build.mutation<Ok, ConfirmForgotPasswordBody>({
      query: (body) => post(P.confirmForgotPassword, body, OkSchema),
    }),
    /**
     * spec 1 §4 profile: "current password validated by a login". The login's session is ended at once: checking a
     * password must not leave a live session behind.
     */
    checkPassword: build.mutation<true, SignInBody>({
      async queryFn(body, api) {
        const { sessionSync } = api.extra as CloudExtra;
        // no refresh cookie for this login, and its sign-out leaves the console's own cookie alone (issue 16)
        const login = { ...body, refreshCookie: false };
        const result = await sessionSync.call(post(P.signIn, login, SignInReplySchema));
        if (result.error) return { error: result.error };
        // two-factor on: the password was right; no session was started, so there is none to end
        if (isTwoFactorChallenge(result.data)) return { data: true };
        const signOut = post(P.signOut, { refreshCookie: false }, OkSchema, false);
        await sessionSync.call({ ...signOut, bearer: result.data.idToken });
        return { data: true };
      },
    }),
    changePassword: build.mutation<Ok, ChangePasswordBody>({
      query: (body) => post(P.changePassword, body, OkSchema, false),
    }),
    updateEmail: build.mutation<CodeDelivery, UpdateEmailBody>({
      query: (body) => post(P.updateEmail, body, CodeDeliverySchema, false),
    }),
    verifyEmail: build.mutation<CloudUser, { code: string }>({
      query: (body) => post(P.verifyEmail, body, CloudUserSchema, false),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userLoaded(data));
      },
    }),
    resendVerificationCode: build.mutation<CodeDelivery, void>({
      query: () => post(P.resendVerificationCode, {}, CodeDeliverySchema, false),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useConfirmSignUpMutation,
  useResendCodeMutation,
  useForgotPasswordMutation,
  useConfirmForgotPasswordMutation,
  useCheckPasswordMutation,
  useChangePasswordMutation,
  useUpdateEmailMutation,
  useVerifyEmailMutation,
  useResendVerificationCodeMutation,
} = authApi;
