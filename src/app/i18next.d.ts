import 'i18next';
import type common from '../../public/locale/en_GB/common.json';
import type lab from '../../public/locale/en_GB/lab.json';

// Type-checks every t() key against the English file, the one every language must match.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; lab: typeof lab };
  }
}
