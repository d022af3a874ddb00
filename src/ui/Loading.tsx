import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="status-message" role="status">
      {t('common.loading')}
    </p>
  );
}
