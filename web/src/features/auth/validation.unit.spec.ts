import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { uiMessages } from '../../shared/ui/messages';
import { loginFormError } from './LoginPage';
import { authMessages, passwordMessages, registerMessages } from './messages';
import { emailError, nameError, newPasswordErrors, withoutEmpty } from './validation';

describe('form rules of the auth screens (spec section 5)', () => {
  it('want a valid email address', () => {
    expect(emailError('')).toBe(authMessages.emailRequired);
    expect(emailError('grace@')).toBe(authMessages.emailInvalid);
    expect(emailError(' grace@example.com ')).toBeUndefined();
  });

  it('want a password of at least 8 characters, confirmed: "passwords are not the same"', () => {
    expect(newPasswordErrors('short', 'short')).toEqual({
      password: passwordMessages.tooShort,
      password_confirmation: undefined,
    });
    expect(newPasswordErrors('long enough', 'long enougH')).toEqual({
      password: undefined,
      password_confirmation: passwordMessages.notSame,
    });
    expect(withoutEmpty(newPasswordErrors('long enough', 'long enough'))).toEqual({});
  });

  it('want a first name of 1 to 50 characters', () => {
    expect(nameError('  ', registerMessages.firstNameRequired)).toBe(registerMessages.firstNameRequired);
    expect(nameError('x'.repeat(51), registerMessages.firstNameRequired)).toBe(registerMessages.nameTooLong);
    expect(nameError('x'.repeat(50), registerMessages.firstNameRequired)).toBeUndefined();
  });
});

describe('the login form error', () => {
  const problem = (status: number, reason: string, errors?: Record<string, string[]>) =>
    new ApiError({ status, reason, errors });
  it('uses the spec wording for wrong credentials and says so for an inactive member or too many attempts', () => {
    expect(loginFormError(problem(401, 'invalid_credentials'))).toBe(authMessages.invalidCredentials);
    expect(loginFormError(problem(401, 'user_inactive'))).toBe(authMessages.inactive);
    expect(loginFormError(problem(429, 'too_many_requests'))).toBe(authMessages.tooManyAttempts);
    expect(loginFormError(new ApiError({ status: 0, reason: 'network_error' }))).toBe(uiMessages.offline);
  });
  it('leaves field errors next to their fields', () => {
    expect(
      loginFormError(problem(400, 'validation_failed', { email: ['Enter a valid email address'] })),
    ).toBeNull();
    expect(loginFormError(null)).toBeNull();
  });
});
