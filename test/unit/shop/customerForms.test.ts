import { describe, expect, it } from 'vitest';
import {
  customerFormFor,
  isValid,
  MIN_PASSWORD_LENGTH,
  VALIDATION_MESSAGES,
  validatePickupContact,
  validatePostage,
  validateSignUp,
} from '../../../shop/customerForms.ts';

const signUp = { name: 'Ada', mobile: '07700 900123', email: 'ada@example.com', password: 'correct horse' };
const contact = { name: 'Ada Lovelace', mobile: '07700 900123', email: 'ada@example.com' };
const postage = { ...contact, address: '1 High Street', postalCode: 'AB1 2CD', city: 'York' };

describe('VALIDATION_MESSAGES (S0 §5 wording)', () => {
  it('has the specification’s English messages', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      nameRequired: 'Name is required',
      nameParts: 'Minimum two parts, only characters allowed',
      mobileNumberRequired: 'Mobile number is required',
      mobilePhoneRequired: 'Mobile phone is required',
      mobileNoAt: "Cannot contain the '@' symbol",
      emailRequired: 'Email address is required',
      emailInvalid: 'Invalid email format',
      passwordRequired: 'Password is required',
      addressRequired: 'Address is required',
      postalCodeRequired: 'Postal code is required',
      cityRequired: 'City is required',
    });
  });
});

describe('validateSignUp (S0 §5: name, mobile, email, password required)', () => {
  it('accepts a complete sign-up; a one-part name is fine here (only delivery names need two)', () => {
    expect(validateSignUp(signUp)).toEqual({});
    expect(isValid(validateSignUp(signUp))).toBe(true);
  });
  it('names every missing field with its own message', () => {
    expect(validateSignUp({ name: '', mobile: '', email: '', password: '' })).toEqual({
      name: 'nameRequired',
      mobile: 'mobileNumberRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
    });
  });
  it('treats fields of spaces, tabs and line breaks as blank', () => {
    expect(validateSignUp({ name: '  ', mobile: '\t', email: ' \n ', password: '         ' })).toEqual({
      name: 'nameRequired',
      mobile: 'mobileNumberRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
    });
  });
  it('refuses a password shorter than the minimum, counting every character', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(validateSignUp({ ...signUp, password: 'a'.repeat(7) })).toEqual({ password: 'passwordShort' });
    expect(validateSignUp({ ...signUp, password: 'a'.repeat(8) })).toEqual({});
    // Spaces inside a password are characters like any other.
    expect(validateSignUp({ ...signUp, password: ' abc def ' })).toEqual({});
  });
  it('checks the email format', () => {
    expect(validateSignUp({ ...signUp, email: 'ada' })).toEqual({ email: 'emailInvalid' });
    expect(validateSignUp({ ...signUp, email: ' ada@example.com ' })).toEqual({});
  });
  it('ignores the optional address fields', () => {
    expect(validateSignUp({ ...signUp, address: '', zipcode: '', city: '' })).toEqual({});
  });
});

describe('email format (shared by every form)', () => {
  const emailError = (email: string) => validatePickupContact({ ...contact, email }).email;
  it.each([
    'ada@example.com',
    'a.b+tag@sub.example.co.uk',
    'ADA@EXAMPLE.COM',
    'æøå@eksempel.no',
    '  ada@example.com  ',
  ])('accepts %j', (email) => {
    expect(emailError(email)).toBeUndefined();
  });
  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    'ada@exa mple.com',
    'a da@example.com',
    'ada@example.',
    'ada.example.com',
  ])('refuses %j as an invalid format', (email) => {
    expect(emailError(email)).toBe('emailInvalid');
  });
  it('calls a blank email missing, not malformed', () => {
    expect(emailError('')).toBe('emailRequired');
    expect(emailError('   ')).toBe('emailRequired');
  });
});

describe('validatePostage (S0 §5 postage form)', () => {
  it('accepts a complete address', () => {
    expect(validatePostage(postage)).toEqual({});
  });
  it('requires every field, with the postage wording for the mobile', () => {
    expect(
      validatePostage({ name: '', mobile: '', email: '', address: '', postalCode: '', city: '' }),
    ).toEqual({
      name: 'nameRequired',
      address: 'addressRequired',
      postalCode: 'postalCodeRequired',
      city: 'cityRequired',
      mobile: 'mobilePhoneRequired',
      email: 'emailRequired',
    });
    expect(validatePostage({ ...postage, address: ' ', postalCode: '  ', city: '\t' })).toEqual({
      address: 'addressRequired',
      postalCode: 'postalCodeRequired',
      city: 'cityRequired',
    });
  });
  it('wants a name of at least two parts without @', () => {
    expect(validatePostage({ ...postage, name: 'Ada' }).name).toBe('nameParts');
    expect(validatePostage({ ...postage, name: '  Ada  ' }).name).toBe('nameParts');
    expect(validatePostage({ ...postage, name: 'Ada@Lovelace' }).name).toBe('nameParts');
    expect(validatePostage({ ...postage, name: 'Ada @ Lovelace' }).name).toBe('nameParts');
    expect(validatePostage({ ...postage, name: 'ada@example.com Lovelace' }).name).toBe('nameParts');
    expect(validatePostage({ ...postage, name: ' Ada   Lovelace ' }).name).toBeUndefined();
    expect(validatePostage({ ...postage, name: 'Ada\tLovelace' }).name).toBeUndefined();
    expect(validatePostage({ ...postage, name: 'Ada King Lovelace' }).name).toBeUndefined();
    expect(validatePostage({ ...postage, name: 'Åse Ødegård' }).name).toBeUndefined();
  });
  it('says a name of spaces is missing, not malformed', () => {
    expect(validatePostage({ ...postage, name: '   ' }).name).toBe('nameRequired');
  });
  it('lets a postage mobile hold any text (the @ rule is the pickup form’s)', () => {
    expect(validatePostage({ ...postage, mobile: 'ada@home' }).mobile).toBeUndefined();
    expect(validatePostage({ ...postage, mobile: '  ' }).mobile).toBe('mobilePhoneRequired');
  });
});

describe('validatePickupContact (S0 §5 pickup contact form)', () => {
  it('accepts a complete contact', () => {
    expect(validatePickupContact(contact)).toEqual({});
  });
  it('requires name, mobile and email', () => {
    expect(validatePickupContact({ name: '', mobile: '', email: '' })).toEqual({
      name: 'nameRequired',
      mobile: 'mobilePhoneRequired',
      email: 'emailRequired',
    });
  });
  it('applies the delivery name rule', () => {
    expect(validatePickupContact({ ...contact, name: 'Ada' })).toEqual({ name: 'nameParts' });
    expect(validatePickupContact({ ...contact, name: 'Ada L@velace' })).toEqual({ name: 'nameParts' });
  });
  it('refuses a mobile containing @ anywhere', () => {
    expect(validatePickupContact({ ...contact, mobile: '0770@900123' })).toEqual({ mobile: 'mobileNoAt' });
    expect(validatePickupContact({ ...contact, mobile: '@' })).toEqual({ mobile: 'mobileNoAt' });
    expect(validatePickupContact({ ...contact, mobile: 'ada@example.com' })).toEqual({
      mobile: 'mobileNoAt',
    });
  });
  it('calls a mobile of spaces missing', () => {
    expect(validatePickupContact({ ...contact, mobile: '   ' })).toEqual({ mobile: 'mobilePhoneRequired' });
  });
  it('reports every field at once', () => {
    expect(validatePickupContact({ name: 'Ada', mobile: 'a@b', email: 'nope' })).toEqual({
      name: 'nameParts',
      mobile: 'mobileNoAt',
      email: 'emailInvalid',
    });
  });
});

describe('isValid', () => {
  it('is true only without errors', () => {
    expect(isValid({})).toBe(true);
    expect(isValid({ name: 'nameRequired' })).toBe(false);
  });
});

describe('the checkout form belongs to whoever shops now (issue 34)', () => {
  const guestTyped = {
    name: 'Guest Person',
    mobile: '07700 900001',
    email: 'guest@example.com',
    address: '1 Lane',
    postalCode: 'YO1 7HH',
    city: 'York',
  };
  const account = { uuid: 'u1', name: 'Grace Hopper', email: 'grace@example.com', mobile: '07700 900456' };
  const accountForm = {
    name: 'Grace Hopper',
    mobile: '07700 900456',
    email: 'grace@example.com',
    address: '',
    postalCode: '',
    city: '',
  };

  it('after registering where a guest ordered, the form is the account’s, not the guest’s', () => {
    expect(customerFormFor({ info: guestTyped, owner: 'guest' }, account)).toEqual({
      owner: { user: 'u1' },
      info: accountForm,
    });
  });

  it('saved details of no known owner, or of another user, give way to the account', () => {
    expect(customerFormFor({ info: guestTyped, owner: null }, account)?.info).toEqual(accountForm);
    expect(customerFormFor({ info: guestTyped, owner: { user: 'u2' } }, account)?.info).toEqual(accountForm);
    const withAddress = { ...account, address: '2 Road', zipcode: 'M1 1AA', city: 'Manchester' };
    expect(customerFormFor({ info: null, owner: null }, withAddress)?.info).toMatchObject({
      address: '2 Road',
      postalCode: 'M1 1AA',
      city: 'Manchester',
    });
  });

  it('what the same shopper typed stays', () => {
    const typed = { ...accountForm, email: 'grace.work@example.com' };
    expect(customerFormFor({ info: typed, owner: { user: 'u1' } }, account)).toBeNull();
    expect(customerFormFor({ info: guestTyped, owner: 'guest' }, null)).toBeNull();
  });

  it('a guest keeps what they typed before the answer came, and nothing of an account after logging out', () => {
    expect(customerFormFor({ info: guestTyped, owner: null }, null)).toEqual({
      owner: 'guest',
      info: guestTyped,
    });
    expect(customerFormFor({ info: accountForm, owner: { user: 'u1' } }, null)).toEqual({
      owner: 'guest',
      info: null,
    });
  });
});
