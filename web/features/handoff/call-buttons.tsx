import { useTranslation } from 'react-i18next';
import { displayBdMobile } from '../../../common/phone.rules.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';

/**
 * A number written out with Call (tel:) and SMS (sms:) links (issue 28, item 3): on a phone
 * they open the dialer and the messages app. Links, not buttons, so a keyboard reaches them and
 * a long press can copy the number.
 */
export function CallButtons({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation();
  const written = displayBdMobile(number);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-gray-900 tabular-nums">{written}</span>
      <a
        href={`tel:${number}`}
        className={primaryButton}
        aria-label={t('requests.handoff.callLabel', { name, number: written })}
      >
        {t('requests.handoff.call')}
      </a>
      <a
        href={`sms:${number}`}
        className={secondaryButton}
        aria-label={t('requests.handoff.smsLabel', { name, number: written })}
      >
        {t('requests.handoff.sms')}
      </a>
    </div>
  );
}
