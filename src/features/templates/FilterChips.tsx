import { useTranslation } from 'react-i18next';
import { activeFilters, type TemplateFilters, withoutFilter } from '../../../shop/index.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { useFilterLabel } from './filterLabels.ts';

/** The active filters as chips; tapping one removes that filter (S1 §2). */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: TemplateFilters;
  onChange: (next: TemplateFilters) => void;
}) {
  const { t } = useTranslation();
  const label = useFilterLabel();
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('templates.activeFilters')} data-testid="filter-chips">
      {active.map(({ key, value }) => {
        const text = label(key, value);
        return (
          <li key={key}>
            <button
              type="button"
              className="filter-chip"
              data-filter={key}
              aria-label={t('templates.removeFilter', { label: text })}
              onClick={() => onChange(withoutFilter(filters, key))}
            >
              <span>{text}</span>
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
