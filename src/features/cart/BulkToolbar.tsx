import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shop/index.ts';
import {
  applyFilter,
  applyFormat,
  applyQuantity,
  type BulkEdit,
  bulkMinimum,
  type Filter,
  priceText,
  toggleDeleted,
} from '../../../shop/index.ts';
import { useMoney, useProductName, useSizeFormat } from '../../app/format.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';

const FILTERS: readonly { filter: Filter; key: 'prints.original' | 'prints.bw' | 'prints.sepia' }[] = [
  { filter: 'original', key: 'prints.original' },
  { filter: 'bw', key: 'prints.bw' },
  { filter: 'sepia', key: 'prints.sepia' },
];

interface BulkToolbarProps {
  edit: BulkEdit;
  formats: readonly Product[];
  busy: boolean;
  onChange: (edit: BulkEdit) => void;
  onCancel: () => void;
  onDone: () => void;
}

type Picker = 'format' | 'filter' | 'quantity' | null;

/** The select mode's bottom toolbar (S0 §2): '%d selected pictures' and the bulk edits. */
export function BulkToolbar({ edit, formats, busy, onChange, onCancel, onDone }: BulkToolbarProps) {
  const { t } = useTranslation();
  const productName = useProductName();
  const [picker, setPicker] = useState<Picker>(null);
  const none = edit.selected.length === 0;
  const selectedLines = edit.lines.filter((l) => edit.selected.includes(l.uuid));
  const shared = <T,>(value: (l: (typeof selectedLines)[number]) => T): T | null => {
    const values = new Set(selectedLines.map(value));
    return values.size === 1 ? [...values][0]! : null;
  };

  return (
    <footer className="cart-bar cart-bar--bulk" data-testid="bulk-toolbar">
      <p className="cart-bar__count">{t('cart.selected', { count: edit.selected.length })}</p>
      <div className="cart-bar__tools">
        <button
          type="button"
          className="tool-button"
          disabled={none || busy}
          onClick={() => setPicker('format')}
        >
          {t('prints.format')}
        </button>
        <button
          type="button"
          className="tool-button"
          disabled={none || busy}
          onClick={() => setPicker('filter')}
        >
          {t('prints.filter')}
        </button>
        <button
          type="button"
          className="tool-button"
          disabled={none || busy}
          onClick={() => setPicker('quantity')}
        >
          {t('prints.quantity')}
        </button>
        <button
          type="button"
          className="tool-button"
          disabled={none || busy}
          onClick={() => onChange(toggleDeleted(edit))}
        >
          {t('common.delete')}
        </button>
      </div>
      <div className="cart-bar__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onDone}>
          {t('common.done')}
        </button>
      </div>
      {picker === 'format' && (
        <ChoiceDialog
          title={t('cart.chooseFormat')}
          options={formats.map((f) => ({ value: f.uuid, label: productName(f.name), detail: f }))}
          initial={shared((l) => l.product.uuid)}
          onClose={() => setPicker(null)}
          onChoose={(uuid) =>
            onChange(
              applyFormat(
                edit,
                formats.filter((f) => f.uuid === uuid),
              ),
            )
          }
        />
      )}
      {picker === 'filter' && (
        <ChoiceDialog
          title={t('cart.chooseFilter')}
          options={FILTERS.map((f) => ({ value: f.filter, label: t(f.key) }))}
          initial={shared((l) => l.image?.filter ?? 'original')}
          onClose={() => setPicker(null)}
          onChoose={(filter) => onChange(applyFilter(edit, [filter as Filter]))}
        />
      )}
      {picker === 'quantity' && (
        <QuantityDialog
          initial={shared((l) => l.quantity)}
          minimum={bulkMinimum(edit, new Map(formats.map((f) => [f.uuid, f])))}
          onClose={() => setPicker(null)}
          onChoose={(quantity) =>
            onChange(applyQuantity(edit, quantity, new Map(formats.map((f) => [f.uuid, f]))))
          }
        />
      )}
    </footer>
  );
}

interface ChoiceDialogProps {
  title: string;
  options: { value: string; label: string; detail?: Product }[];
  /** Preselected when every selected line has it; otherwise nothing is chosen and Done waits. */
  initial: string | null;
  onClose: () => void;
  onChoose: (value: string) => void;
}

function ChoiceDialog({ title, options, initial, onClose, onChoose }: ChoiceDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(initial);
  return (
    <Dialog
      open
      size="sheet"
      title={title}
      onClose={onClose}
      testId="bulk-choice"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button"
            disabled={chosen === null}
            onClick={() => {
              if (chosen !== null) onChoose(chosen);
              onClose();
            }}
          >
            {t('common.done')}
          </button>
        </>
      }
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">{title}</legend>
        {options.map((option) => (
          <label key={option.value} className="choice-list__option">
            <input
              type="radio"
              name="bulk-choice"
              value={option.value}
              checked={chosen === option.value}
              onChange={() => setChosen(option.value)}
            />
            {option.detail ? <FormatFacts format={option.detail} /> : <span>{option.label}</span>}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

/** A format as the shopper compares them: its name and size, and what a print costs (issue 34). */
function FormatFacts({ format }: { format: Product }) {
  const { t } = useTranslation();
  const money = useMoney();
  const size = useSizeFormat();
  const productName = useProductName();
  const price = priceText(format);
  return (
    <>
      <span className="choice-list__text">
        <span className="choice-list__label">{productName(format.name)}</span>
        <span className="choice-list__detail">{size(format.printareasize[0], format.printareasize[1])}</span>
      </span>
      {price && (
        <span className="choice-list__price">
          {t(price.key, { price: money(price.amount), quantity: price.quantity })}
        </span>
      )}
    </>
  );
}

function QuantityDialog({
  initial,
  minimum,
  onClose,
  onChoose,
}: {
  initial: number | null;
  minimum: number;
  onClose: () => void;
  onChoose: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(Math.max(initial ?? minimum, minimum));
  return (
    <Dialog
      open
      title={t('cart.chooseQuantity')}
      onClose={onClose}
      testId="bulk-quantity"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              onChoose(quantity);
              onClose();
            }}
          >
            {t('common.done')}
          </button>
        </>
      }
    >
      <QuantityStepper
        value={quantity}
        minimum={minimum}
        onChange={setQuantity}
        label={t('prints.quantity')}
      />
    </Dialog>
  );
}
