import { describe, expect, it } from 'vitest';
import { modesFor, passwordFormErrors, passwordFormSchema, usersChange } from './password-form';

const v = (current: string, next: string, confirm: string) => ({ current, next, confirm });

describe('password form rules (spec 2 §5)', () => {
  it('offers Change and Remove on a protected amp, Protect on an open one', () => {
    expect(modesFor(true)).toEqual(['change', 'remove']);
    expect(modesFor(false)).toEqual(['protect']);
  });

  it('Protect needs a matching non-empty password', () => {
    expect(passwordFormErrors('protect', v('', '', ''))).toEqual({ next: 'newRequired' });
    expect(passwordFormErrors('protect', v('', 'abc', 'abd'))).toEqual({ confirm: 'doesNotMatch' });
    expect(passwordFormErrors('protect', v('', 'abc', 'abc'))).toEqual({});
  });

  it('Change needs the current password and a matching new one that keeps the change-password rules', () => {
    expect(passwordFormErrors('change', v('', 'Good1!pass', 'Good1!pass'))).toEqual({ current: 'currentRequired' });
    expect(passwordFormErrors('change', v('old', '', ''))).toEqual({ next: 'newRequired' });
    expect(passwordFormErrors('change', v('old', 'Sh0rt!', 'Sh0rt!'))).toEqual({ next: 'MinimumLength' });
    expect(passwordFormErrors('change', v('old', 'nodigits!A', 'nodigits!A'))).toEqual({ next: 'RequiresDigit' });
    expect(passwordFormErrors('change', v('old', 'NOLOWER1!', 'NOLOWER1!'))).toEqual({ next: 'RequiresLowerCase' });
    expect(passwordFormErrors('change', v('old', 'noupper1!', 'noupper1!'))).toEqual({ next: 'RequiresUpperCase' });
    expect(passwordFormErrors('change', v('old', 'NoSpecial1', 'NoSpecial1'))).toEqual({
      next: 'RequiresSpecialCharacter',
    });
    expect(passwordFormErrors('change', v('old', 'Good1!pass', 'Good1!pas'))).toEqual({ confirm: 'doesNotMatch' });
    expect(passwordFormErrors('change', v('old', 'Good1!pass', 'Good1!pass'))).toEqual({});
  });

  it('Remove needs the current password only', () => {
    expect(passwordFormErrors('remove', v('', 'x', 'y'))).toEqual({ current: 'currentRequired' });
    expect(passwordFormErrors('remove', v('old', 'x', 'y'))).toEqual({});
  });

  it('puts each problem on its field in the schema', () => {
    const r = passwordFormSchema('change').safeParse(v('', 'Good1!pass', 'other'));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['current', 'currentRequired'],
      ['confirm', 'doesNotMatch'],
    ]);
  });

  it('sends new for Protect, old and new for Change, old for Remove', () => {
    expect(usersChange('protect', v('', 'N', 'N'))).toEqual({ user: 'admin', newPassword: 'N' });
    expect(usersChange('change', v('O', 'N', 'N'))).toEqual({ user: 'admin', oldPassword: 'O', newPassword: 'N' });
    expect(usersChange('remove', v('O', 'N', 'N'))).toEqual({ user: 'admin', oldPassword: 'O' });
  });
});
