/**
 * The customer forms of S0 §5 (sign-up, postage address, pickup contact) as pure rules, used by the
 * app to show messages as the shopper types and by the server to refuse what a client let through.
 * Each rule answers an i18n key under `validation.`; `VALIDATION_MESSAGES` holds the spec's English
 * wording for the server's answers.
 */

export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameParts: 'Minimum two parts, only characters allowed',
  mobileNumberRequired: 'Mobile number is required',
  mobilePhoneRequired: 'Mobile phone is required',
  mobileNoAt: "Cannot contain the '@' symbol",
  emailRequired: 'Email address is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordShort: 'The password must be at least 8 characters',
  addressRequired: 'Address is required',
  postalCodeRequired: 'Postal code is required',
  cityRequired: 'City is required',
} as const;
export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

/** A password shorter than this is refused (S0 only says it is required; a shop must ask for more). */
export const MIN_PASSWORD_LENGTH = 8;

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export interface SignUpInput {
  name: string;
  mobile: string;
  email: string;
  password: string;
  address?: string;
  zipcode?: string;
  city?: string;
}

/** What a postage delivery needs (S0 §3 customer info: name, mobile, email, address, postal code, city). */
export interface PostageInput {
  name: string;
  mobile: string;
  email: string;
  address: string;
  postalCode: string;
  city: string;
}

export interface PickupContactInput {
  name: string;
  mobile: string;
  email: string;
}

const blank = (value: string | undefined) => !value || value.trim() === '';

/** Deliberately loose: one @, something before it, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the text (trimmed) has the shape of an email address, by the form's own rule. */
export const isEmailAddress = (text: string) => EMAIL.test(text.trim());

function emailError(email: string): ValidationKey | undefined {
  if (blank(email)) return 'emailRequired';
  return EMAIL.test(email.trim()) ? undefined : 'emailInvalid';
}

/** S0 §5: no @, and at least two parts separated by white space. */
function deliveryNameError(name: string): ValidationKey | undefined {
  if (blank(name)) return 'nameRequired';
  const parts = name.trim().split(/\s+/);
  return name.includes('@') || parts.length < 2 ? 'nameParts' : undefined;
}

function collect<F extends string>(checks: [F, ValidationKey | undefined][]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, error] of checks) if (error) errors[field] = error;
  return errors;
}

export function validateSignUp(input: SignUpInput): FieldErrors<'name' | 'mobile' | 'email' | 'password'> {
  return collect([
    ['name', blank(input.name) ? 'nameRequired' : undefined],
    ['mobile', blank(input.mobile) ? 'mobileNumberRequired' : undefined],
    ['email', emailError(input.email)],
    [
      'password',
      blank(input.password)
        ? 'passwordRequired'
        : input.password.length < MIN_PASSWORD_LENGTH
          ? 'passwordShort'
          : undefined,
    ],
  ]);
}

export function validatePostage(input: PostageInput): FieldErrors<keyof PostageInput> {
  return collect<keyof PostageInput>([
    ['name', deliveryNameError(input.name)],
    ['address', blank(input.address) ? 'addressRequired' : undefined],
    ['postalCode', blank(input.postalCode) ? 'postalCodeRequired' : undefined],
    ['city', blank(input.city) ? 'cityRequired' : undefined],
    ['mobile', blank(input.mobile) ? 'mobilePhoneRequired' : undefined],
    ['email', emailError(input.email)],
  ]);
}

export function validatePickupContact(input: PickupContactInput): FieldErrors<keyof PickupContactInput> {
  return collect<keyof PickupContactInput>([
    ['name', deliveryNameError(input.name)],
    [
      'mobile',
      blank(input.mobile) ? 'mobilePhoneRequired' : input.mobile.includes('@') ? 'mobileNoAt' : undefined,
    ],
    ['email', emailError(input.email)],
  ]);
}

export const isValid = (errors: FieldErrors<string>) => Object.keys(errors).length === 0;

/** Whose details the checkout's saved form holds: a user's uuid, or a guest's. */
export type CustomerOwner = { user: string } | 'guest';

/** The account's details as the checkout form wants them (the user answer's field names are S0's). */
export interface AccountDetails {
  uuid: string;
  name: string;
  email: string;
  mobile: string;
  address?: string;
  zipcode?: string;
  city?: string;
}

/**
 * The checkout form's details for whoever is shopping now (issue 34: a guest's email went into the
 * account's order after registering in the same tab). What was typed stays while the same person
 * shops; a logged-in shopper whose saved form is someone else's (a guest's, another user's, or of no
 * known owner) gets their account's details; a shopper who logged out keeps nothing of the account.
 * Answers null for "leave the form as it is".
 */
export function customerFormFor(
  saved: { info: PostageInput | null; owner: CustomerOwner | null },
  account: AccountDetails | null,
): { info: PostageInput | null; owner: CustomerOwner } | null {
  if (account) {
    const owner = { user: account.uuid };
    if (saved.info && saved.owner !== 'guest' && saved.owner?.user === account.uuid) return null;
    return {
      owner,
      info: {
        name: account.name,
        mobile: account.mobile,
        email: account.email,
        address: account.address ?? '',
        postalCode: account.zipcode ?? '',
        city: account.city ?? '',
      },
    };
  }
  if (saved.owner === 'guest') return null;
  // A guest now: an account's details are not theirs to see or send.
  return { owner: 'guest', info: saved.owner ? null : saved.info };
}
