import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../engine/index.ts';
import type { FulfilmentStatus } from '../../../shop/index.ts';
import { CallError } from '../../api/call.ts';
import { isAuthFailure } from './labApi.ts';

export interface Lab {
  password: string;
  /** `refused`: the server no longer takes the password, so the form says why it is back. */
  signOut(refused?: boolean): void;
}

export const LabContext = createContext<Lab | null>(null);

export function useLab(): Lab {
  const lab = useContext(LabContext);
  if (!lab) throw new Error('useLab() outside the signed-in desk');
  return lab;
}

/** Dates and times in the portal's language, to the minute: what a lab needs to know when. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = bcp47(i18n.language);
  return useCallback(
    (iso: string) => {
      try {
        return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        );
      } catch {
        return new Date(iso).toLocaleString();
      }
    },
    [language],
  );
}

const ERROR_KEYS = ['not_ready', 'status_not_allowed', 'not_failed', 'files_missing', 'not_found'] as const;

/**
 * The words for a failed call: the desk's own for the server's known refusals (with the server's
 * English detail after them), else a generic line. A refused password signs the desk out instead.
 */
export function useLabError(): (error: unknown) => string | null {
  const { t } = useTranslation('lab');
  const { signOut } = useLab();
  return useCallback(
    (error: unknown) => {
      if (isAuthFailure(error)) {
        signOut(true);
        return null;
      }
      if (error instanceof CallError) {
        const key = ERROR_KEYS.find((k) => k === error.reason);
        if (key) return `${t(`errors.${key}`)} (${error.message})`;
      }
      return t('errors.generic');
    },
    [t, signOut],
  );
}

export const STATUS_ACTION: Record<FulfilmentStatus, 'markPrinted' | 'readyForPickup' | 'shipped'> = {
  printed: 'markPrinted',
  'ready-for-pickup': 'readyForPickup',
  shipped: 'shipped',
};
