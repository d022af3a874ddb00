import { useEffect } from 'react';
import { usePortal } from './portal.tsx';

/** Each screen names itself in the browser tab and history, after the shop's name. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { companyName } = usePortal();
  useEffect(() => {
    document.title = title ? `${title} | ${companyName}` : companyName;
  }, [title, companyName]);
}
