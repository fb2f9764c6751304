/**
 * Passkeys (issue 21), typed with the protocol's contracts (protocol/src/cloud/passkeys.ts). Each ceremony is one
 * mutation: the cloud's options, the browser's ceremony (webauthn.ts), the answer to the cloud; a sign-in hands the
 * new session to SessionSync, as a password sign-in does.
 */
import {
  CloudSessionSchema,
  fillPath,
  OkSchema,
  PASSKEY_PATHS as P,
  PasskeyListSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeyReplySchema,
  PasskeySignInOptionsSchema,
  type Ok,
  type PasskeyList,
  type PasskeyReply,
} from '@rackside/protocol';
import { cloudApi, type CloudExtra } from '../../../shared/cloud/cloud-api';
import { createCredential, getAssertion } from '../webauthn';

export const passkeysApi = cloudApi.injectEndpoints({
  endpoints: (build) => ({
    passkeys: build.query<PasskeyList, void>({
      query: () => ({ path: P.passkeys, schema: PasskeyListSchema, ownAccount: true }),
      keepUnusedDataFor: 0,
    }),
    /** Options (with the password when the sign-in is old), the authenticator's new credential, its registration. */
    addPasskey: build.mutation<PasskeyReply, { name: string; password?: string }>({
      async queryFn({ name, password }, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const options = await sessionSync.call({
          path: P.registrationOptions,
          method: 'POST',
          body: password === undefined ? {} : { password },
          schema: PasskeyRegistrationOptionsSchema,
          ownAccount: true,
        });
        if (options.error) return { error: options.error };
        const credential = await createCredential(options.data.options);
        if (credential.error) return { error: credential.error };
        const body = { name, credential: credential.data };
        const added = await sessionSync.call({
          path: P.passkeys,
          method: 'POST',
          body,
          schema: PasskeyReplySchema,
          ownAccount: true,
        });
        return added.error ? { error: added.error } : { data: added.data };
      },
    }),
    renamePasskey: build.mutation<PasskeyReply, { id: string; name: string }>({
      query: ({ id, name }) => ({
        path: fillPath(P.passkey, { passkeyId: id }),
        method: 'PUT',
        body: { name },
        schema: PasskeyReplySchema,
        ownAccount: true,
      }),
    }),
    removePasskey: build.mutation<Ok, string>({
      query: (id) => ({
        path: fillPath(P.passkey, { passkeyId: id }),
        method: 'DELETE',
        schema: OkSchema,
        ownAccount: true,
      }),
    }),
    /** Passwordless sign-in: any of the account's passkeys, with user verification. */
    signInWithPasskey: build.mutation<true, void>({
      async queryFn(_arg, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const options = await sessionSync.call({
          path: P.signInOptions,
          method: 'POST',
          schema: PasskeySignInOptionsSchema,
          anonymous: true,
        });
        if (options.error) return { error: options.error };
        const credential = await getAssertion(options.data.options);
        if (credential.error) return { error: credential.error };
        const result = await sessionSync.call({
          path: P.signIn,
          method: 'POST',
          body: { credential: credential.data },
          schema: CloudSessionSchema,
          anonymous: true,
        });
        if (result.error) return { error: result.error };
        sessionSync.signedIn(result.data);
        return { data: true };
      },
    }),
    /** The sign-in's second step with a passkey of the account, for the password step's challenge. */
    secondFactorWithPasskey: build.mutation<true, { challenge: string }>({
      async queryFn({ challenge }, api) {
        const { sessionSync } = api.extra as CloudExtra;
        const options = await sessionSync.call({
          path: P.secondFactorOptions,
          method: 'POST',
          body: { challenge },
          schema: PasskeySignInOptionsSchema,
          anonymous: true,
        });
        if (options.error) return { error: options.error };
        const credential = await getAssertion(options.data.options);
        if (credential.error) return { error: credential.error };
        const result = await sessionSync.call({
          path: P.secondFactor,
          method: 'POST',
          body: { challenge, credential: credential.data },
          schema: CloudSessionSchema,
          anonymous: true,
        });
        if (result.error) return { error: result.error };
        sessionSync.signedIn(result.data);
        return { data: true };
      },
    }),
  }),
});

export const {
  usePasskeysQuery,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
  useSignInWithPasskeyMutation,
  useSecondFactorWithPasskeyMutation,
} = passkeysApi;
