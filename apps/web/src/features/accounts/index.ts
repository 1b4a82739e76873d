export { DeleteAccountForm } from './components/delete-account-form.tsx';
export { ForgotPasswordForm } from './components/forgot-password-form.tsx';
export { LoginForm } from './components/login-form.tsx';
export { ProfileScreen } from './components/profile-screen.tsx';
export { SignupForm } from './components/signup-form.tsx';
