import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n';
import { authErrorKey } from './error-messages';

const t = createI18n('en').t;

describe('spec 1 §8 error names → messages', () => {
  it('maps each dialog its own names, and anything else to its Unknown', () => {
    expect(t(authErrorKey('login', 'InvalidPassword'), { ns: 'cloud-auth' })).toBe('Incorrect email or password.');
    expect(authErrorKey('login', 'EmailExists')).toBe('errors.login.Unknown');
    expect(authErrorKey('register', 'EmailExists')).toBe('errors.register.EmailExists');
    expect(authErrorKey('reset', 'RequiredFieldMissing')).toBe('errors.reset.RequiredFieldMissing');
    expect(authErrorKey('change', 'AliasExistsException')).toBe('errors.change.AliasExistsException');
    expect(authErrorKey('passwordCheck', 'EmailNotFound')).toBe('errors.passwordCheck.Unknown');
    expect(authErrorKey('verify', 'UnableToResendCode')).toBe('errors.verify.UnableToResendCode');
  });

  it('says so when the cloud cannot be reached or asks to slow down', () => {
    expect(authErrorKey('confirm', 'Network')).toBe('errors.network');
    expect(authErrorKey('login', 'TooManyRequests')).toBe('errors.tooManyRequests');
  });

  it('tells the user to ask for a new code after too many wrong tries, in every language (issue 16)', () => {
    for (const flow of ['confirm', 'reset', 'verify'] as const)
      expect(authErrorKey(flow, 'CodeAttemptsExceeded')).toBe('errors.codeAttemptsExceeded');
    const texts = ['en', 'es', 'zh'].map((lng) =>
      createI18n(lng).t('errors.codeAttemptsExceeded', { ns: 'cloud-auth' }),
    );
    expect(texts[0]).toMatch(/new code/);
    expect(new Set(texts).size).toBe(3);
    for (const text of texts) expect(text).not.toBe('errors.codeAttemptsExceeded');
  });

  it('has a message for every name of every catalogue in every language', () => {
    for (const lng of ['en', 'es', 'zh'])
      for (const [flow, names] of Object.entries({
        login: ['RequiredFieldsMissing', 'InvalidPassword', 'EmailNotFound', 'UserNotConfirmed', 'Unknown'],
        change: ['InvalidParameterException', 'RequiresSpecialCharacter'],
      }))
        for (const name of names) {
          const key = authErrorKey(flow as 'login' | 'change', name);
          expect(createI18n(lng).exists(`cloud-auth:${key}`), `${lng} ${key}`).toBe(true);
        }
  });
});
