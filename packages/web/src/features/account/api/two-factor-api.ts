/**
 * Two-factor sign-in and the sessions page (issue 21), typed with the protocol's contracts
 * (protocol/src/cloud/two-factor.ts). The sign-in's second step hands the new session to SessionSync, as sign-in does.
 */
import {
  CloudSessionSchema,
  fillPath,
  OkSchema,
  RecoveryCodesSchema,
  RevokedSessionsSchema,
  SessionListSchema,
  TWO_FACTOR_PATHS as P,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  type DisableTwoFactorBody,
  type Ok,
  type RecoveryCodes,
  type RevokedSessions,
  type SessionList,
  type TwoFactorEnrolment,
  type TwoFactorSignInBody,
  type TwoFactorStatus,
} from '@rackside/protocol';
import { cloudApi, type CloudExtra } from '../../../shared/cloud/cloud-api';

export const twoFactorApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    signInTwoFactor: build.mutation<true, TwoFactorSignInBody>({
      async queryFn(body, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const request = {
          path: P.signInCode,
          method: 'POST',
          body,
          schema: CloudSessionSchema,
          anonymous: true,
        } as const;
        const result = await sessionSync.call(request);
        if (result.error) return { error: result.error };
        sessionSync.signedIn(result.data);
        return { data: true };
      },
    }),
    twoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => ({ path: P.status, schema: TwoFactorStatusSchema }),
      keepUnusedDataFor: 0,
    }),
    enrolTwoFactor: build.mutation<TwoFactorEnrolment, void>({
      query: () => ({ path: P.enrol, method: 'POST', body: {}, schema: TwoFactorEnrolmentSchema }),
    }),
    confirmTwoFactor: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ path: P.confirm, method: 'POST', body, schema: RecoveryCodesSchema }),
    }),
    disableTwoFactor: build.mutation<Ok, DisableTwoFactorBody>({
      query: (body) => ({ path: P.disable, method: 'POST', body, schema: OkSchema }),
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ path: P.recoveryCodes, method: 'POST', body, schema: RecoveryCodesSchema }),
    }),
    sessions: build.query<SessionList, void>({
      query: () => ({ path: P.sessions, schema: SessionListSchema }),
      keepUnusedDataFor: 0,
    }),
    revokeSession: build.mutation<Ok, string>({
      query: (sessionId) => ({ path: fillPath(P.session, { sessionId }), method: 'DELETE', schema: OkSchema }),
    }),
    revokeOtherSessions: build.mutation<RevokedSessions, void>({
      query: () => ({ path: P.revokeOtherSessions, method: 'POST', body: {}, schema: RevokedSessionsSchema }),
    }),
  }),
});

export const {
  useSignInTwoFactorMutation,
  useTwoFactorStatusQuery,
  useEnrolTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = twoFactorApi;
