import { describe, expect, it } from 'vitest';
import { checkChangePasswordForm, checkNewEmailForm, passwordRuleErrors } from './password';

describe('password policy (spec 1 §5)', () => {
  it('accepts a password meeting all five rules', () => {
    expect(passwordRuleErrors('Abcdefg1!')).toEqual([]);
    expect(passwordRuleErrors('aB3"xyzw')).toEqual([]);
  });

  it('reports each broken rule by its code', () => {
    expect(passwordRuleErrors('Ab1!xyz')).toEqual(['MinimumLength']);
    expect(passwordRuleErrors('Abcdefgh!')).toEqual(['RequiresDigit']);
    expect(passwordRuleErrors('ABCDEFG1!')).toEqual(['RequiresLowerCase']);
    expect(passwordRuleErrors('abcdefg1!')).toEqual(['RequiresUpperCase']);
    expect(passwordRuleErrors('Abcdefg12')).toEqual(['RequiresSpecialCharacter']);
    expect(passwordRuleErrors('')).toEqual([
      'MinimumLength',
      'RequiresDigit',
      'RequiresLowerCase',
      'RequiresUpperCase',
      'RequiresSpecialCharacter',
    ]);
  });

  it('counts only the listed special characters', () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(passwordRuleErrors(`Abcdefg1${c}`)).toEqual([]);
    for (const c of ['-', '_', '+', '=', '~', ' ', '/']) {
      expect(passwordRuleErrors(`Abcdefg1${c}`)).toEqual(['RequiresSpecialCharacter']);
    }
  });
});

describe('change-password form (spec 1 §5)', () => {
  it('requires all three fields first', () => {
    expect(checkChangePasswordForm({ oldPassword: '', password: 'Abcdefg1!', passwordConfirm: 'Abcdefg1!' })).toBe(
      'RequiredFieldsMissing',
    );
  });

  it('then requires the confirmation to match', () => {
    expect(checkChangePasswordForm({ oldPassword: 'x', password: 'Abcdefg1!', passwordConfirm: 'Abcdefg1?' })).toBe(
      'PasswordsDoNotMatch',
    );
  });

  it('then applies the password rules', () => {
    expect(checkChangePasswordForm({ oldPassword: 'x', password: 'short', passwordConfirm: 'short' })).toBe(
      'MinimumLength',
    );
    expect(checkChangePasswordForm({ oldPassword: 'x', password: 'Abcdefg1!', passwordConfirm: 'Abcdefg1!' })).toBe(
      null,
    );
  });

  it('checks the new email against its verification', () => {
    expect(checkNewEmailForm('a@b.com', 'a@b.com')).toBe(null);
    expect(checkNewEmailForm('a@b.com', 'a@c.com')).toBe('PasswordsDoNotMatch');
    expect(checkNewEmailForm('', 'a@c.com')).toBe('RequiredFieldsMissing');
  });
});
