import { useTranslation } from 'react-i18next';
import { bcp47 } from '../../../engine/index.ts';
import type { PickupLocation } from '../../../shop/index.ts';
import { groupStores } from '../../../shop/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { CloseIcon } from '../../ui/icons.tsx';

interface StoreSelectorProps {
  open: boolean;
  /** The stores to list (express entries and, in the regional variant, regionless stores left out). */
  stores: readonly PickupLocation[];
  /** The listed store currently chosen. */
  chosen: string | null;
  onChoose: (store: PickupLocation) => void;
  onClose: () => void;
}

/** S0 §2 store selector: a full-height sheet of stores by region, then city and description. */
export function StoreSelector({ open, stores, chosen, onChoose, onClose }: StoreSelectorProps) {
  const { t, i18n } = useTranslation();
  const groups = groupStores(stores, bcp47(i18n.language));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('delivery.chooseStoreTitle')}
      size="sheet"
      testId="store-selector"
    >
      <button
        type="button"
        className="icon-button store-selector__close"
        aria-label={t('common.close')}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      {groups.map(({ region, stores: list }) => (
        <section key={region || '-'} className="store-group" aria-label={region || t('delivery.otherStores')}>
          <h3 className="store-group__region">{region || t('delivery.otherStores')}</h3>
          <ul className="store-group__list">
            {list.map((store) => (
              <li key={store.uuid}>
                <button
                  type="button"
                  className={`store-button${store.uuid === chosen ? ' is-chosen' : ''}`}
                  aria-pressed={store.uuid === chosen}
                  onClick={() => onChoose(store)}
                >
                  <span className="store-button__name">{store.description}</span>
                  <span className="store-button__address">
                    {[store.pickupaddress1, store.pickupcity].filter(Boolean).join(', ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
