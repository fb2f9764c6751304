/** Password hashing (argon2id, ARCHITECTURE.md §4) and the spec 1 §5 policy from @rackside/protocol. */
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH, passwordRuleErrors, type PasswordRule } from '@rackside/protocol';

/** An argon2id hash (PHC string) with the library defaults: 19 MiB, 2 passes, 1 lane (the OWASP minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** True when the password matches the hash (constant-time inside argon2); false for a malformed hash too. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The first spec 1 §5 rule the password breaks, or undefined when it is acceptable. */
export const brokenRule = (password: string): PasswordRule | undefined => passwordRuleErrors(password)[0];

/** English text of each rule, for error messages (the web app shows its own translated text). */
export const RULE_TEXT: Readonly<Record<PasswordRule, string>> = {
  MinimumLength: `at least ${PASSWORD_MIN_LENGTH} characters`,
  RequiresDigit: 'a digit',
  RequiresLowerCase: 'a lowercase letter',
  RequiresUpperCase: 'an uppercase letter',
  RequiresSpecialCharacter: 'a special character',
};
