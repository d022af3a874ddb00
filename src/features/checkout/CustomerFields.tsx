import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '../../../shop/index.ts';
import type { CustomerInfo } from './checkoutStore.ts';
import { TextField } from './fields.tsx';

export type CustomerField = keyof CustomerInfo;

const INPUTS: Record<CustomerField, { type: 'text' | 'tel' | 'email'; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  address: { type: 'text', autoComplete: 'street-address' },
  postalCode: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
  mobile: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/** S0 §5: the postage address form's fields, in its order. */
export const POSTAGE_FIELDS: readonly CustomerField[] = [
  'name',
  'address',
  'postalCode',
  'city',
  'mobile',
  'email',
];
/** S0 §5: the pickup contact form's fields. */
export const CONTACT_FIELDS: readonly CustomerField[] = ['name', 'mobile', 'email'];

interface CustomerFieldsProps {
  fields: readonly CustomerField[];
  values: CustomerInfo;
  errors: Partial<Record<CustomerField, ValidationKey>>;
  isShown: (field: CustomerField) => boolean;
  onChange: (field: CustomerField, value: string) => void;
  onLeave: (field: CustomerField) => void;
}

/** The customer's details with the S0 §5 messages, each shown once the shopper has left its field. */
export function CustomerFields({ fields, values, errors, isShown, onChange, onLeave }: CustomerFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="customer-fields">
      {fields.map((field) => {
        const key = errors[field];
        return (
          <TextField
            key={field}
            name={field}
            label={t(`delivery.field.${field}`)}
            value={values[field]}
            onChange={(value) => onChange(field, value)}
            onBlur={() => onLeave(field)}
            error={key && isShown(field) ? t(`validation.${key}`) : undefined}
            {...INPUTS[field]}
          />
        );
      })}
    </div>
  );
}
