import { useTranslation } from 'react-i18next';
import type { DeliveryType } from '../../../shop/index.ts';
import { useDeliveryDateText, useDeliveryTime } from './deliveryTime.ts';
import { Price } from './PickupPanel.tsx';

interface PostagePanelProps {
  type: DeliveryType;
  chosen: string | null;
  onChoose: (optionUuid: string) => void;
}

/** Postage (S0 §2): its options with price and delivery time (a sole option is already chosen). */
export function PostagePanel({ type, chosen, onChoose }: PostagePanelProps) {
  const { t } = useTranslation();
  const time = useDeliveryTime();
  const dateText = useDeliveryDateText();
  return (
    <fieldset className="choice-list postage-options">
      <legend className="checkout-section__title">{t('delivery.postageTitle')}</legend>
      {type.deliveryOptions.map((option) => (
        <label key={option.uuid} className="choice-list__option">
          <input
            type="radio"
            name="postage-option"
            checked={chosen === option.uuid}
            onChange={() => onChoose(option.uuid)}
          />
          <span className="choice-list__label">
            <span>{option.name}</span>
            {option.deliverydate ? (
              <span className="delivery-time" data-testid="delivery-date">
                {dateText({ type: 'postage', date: option.deliverydate })}
                <span className="delivery-time__lead"> ({time(option.deliverytime, 'd')})</span>
              </span>
            ) : (
              <span className="delivery-time">
                {t('delivery.deliveredIn', { time: time(option.deliverytime, 'd') })}
              </span>
            )}
          </span>
          <Price amount={option.price} />
        </label>
      ))}
    </fieldset>
  );
}
