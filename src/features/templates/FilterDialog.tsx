import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FilterKey,
  type FilterValues,
  filterTemplates,
  type ListTemplate,
  NO_FILTERS,
  TEXT_VALUES,
  type TemplateFilters,
} from '../../../shop/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFilterLabel, useFilterName } from './filterLabels.ts';

/**
 * 'Filter selection' (S1 §2). Choices are a draft until 'Show %d templates' applies them, so the
 * count says what the button will show and one apply is one history entry; closing drops the draft.
 * Mounted only while open, so every opening starts from the applied filters.
 */
export function FilterDialog({
  templates,
  offered,
  values,
  filters,
  onApply,
  onClose,
}: {
  templates: readonly ListTemplate[];
  offered: readonly FilterKey[];
  values: FilterValues;
  filters: TemplateFilters;
  onApply: (next: TemplateFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const count = filterTemplates(templates, draft).length;
  const choices: Record<FilterKey, readonly (string | number)[]> = {
    format: values.formats,
    images: values.images,
    pages: values.pages,
    text: TEXT_VALUES,
  };

  return (
    <Dialog
      open
      size="sheet"
      onClose={onClose}
      title={t('templates.filterTitle')}
      testId="filter-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => setDraft(NO_FILTERS)}>
            {t('templates.clearFilters')}
          </button>
          <button type="button" className="button" onClick={() => onApply(draft)} data-testid="apply-filters">
            {t('templates.showTemplates', { count })}
          </button>
        </>
      }
    >
      <div className="filter-sections">
        {offered.map((key) => (
          <FilterSection
            key={key}
            filterKey={key}
            choices={choices[key]}
            value={draft[key]}
            onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
          />
        ))}
      </div>
    </Dialog>
  );
}

function FilterSection({
  filterKey,
  choices,
  value,
  onChange,
}: {
  filterKey: FilterKey;
  choices: readonly (string | number)[];
  value: string | number | null;
  onChange: (value: string | number | null) => void;
}) {
  const { t } = useTranslation();
  const label = useFilterLabel();
  const name = useFilterName();
  const group = useId();
  const option = (key: string, text: string, checked: boolean, chosen: string | number | null) => (
    <label key={key} className="filter-choice">
      <input type="radio" name={group} checked={checked} onChange={() => onChange(chosen)} />
      <span>{text}</span>
    </label>
  );
  return (
    <fieldset className="filter-section" data-filter={filterKey}>
      <legend>{name(filterKey)}</legend>
      <div className="filter-choices">
        {option('all', t('templates.all'), value === null, null)}
        {choices.map((choice) => option(String(choice), label(filterKey, choice), value === choice, choice))}
      </div>
    </fieldset>
  );
}
