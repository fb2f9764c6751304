/** Cloud accounts (spec 1 §2): sign in, register, forgot password, verify email, profile. */
export { SignInPage } from './components/sign-in-page';
export { RegisterPage } from './components/register-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { VerifyEmailPage } from './components/verify-email-page';
export { ProfilePage } from './components/profile-page';
export { authApi } from './api/auth-api';
export { originOf, type OriginState } from './origin';
/** The two-factor and sessions pages (issue 21), in a chunk of their own: `(await loadSecurityPages()).TwoFactorPage`. */
export const loadSecurityPages = () => import('./security');
