import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, IDENTITY_ERRORS } from './errors';
import { ConfirmForgotPasswordBodySchema, IDENTITY_PATHS, isEmailAddress, SignInBodySchema } from './identity';

describe('identity contracts', () => {
  it('trim emails and codes but take passwords exactly as typed', () => {
    expect(SignInBodySchema.parse({ email: ' jane@example.com ', password: ' pw ' })).toEqual({
      email: 'jane@example.com',
      password: ' pw ',
    });
    const reset = { email: 'a@b.co', code: ' 123456 ', password: 'x', confirmPassword: 'x' };
    expect(ConfirmForgotPasswordBodySchema.parse(reset).code).toBe('123456');
  });

  it('refuse blank required fields and oversized ones', () => {
    expect(SignInBodySchema.safeParse({ email: '  ', password: 'x' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(257) }).success).toBe(false);
  });

  it('tell e-mail addresses from other text', () => {
    for (const ok of ['jane@example.com', 'J.Doe+amps@sub.example.co.uk']) expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of ['', 'jane', 'jane@', '@example.com', 'jane@example', 'a b@example.com'])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('name the spec 1 §8 errors, the password rules included, and give every path once', () => {
    expect(IDENTITY_ERRORS).toEqual(expect.arrayContaining(['RequiresSpecialCharacter', 'AliasExistsException']));
    expect(ErrorBodySchema.safeParse({ error: 'InvalidPassword', message: 'm', rule: 'Nope' }).success).toBe(false);
    const paths = Object.values(IDENTITY_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/auth\/[a-z-]+$/);
  });
});
