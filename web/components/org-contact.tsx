import { useTranslation } from 'react-i18next';

interface OrgContactProps {
  className?: string;
  linkClassName?: string;
}

/** RedHope's postal address, phone and support email, shown in the footer and on the home page. */
export function OrgContact({ className = '', linkClassName = '' }: OrgContactProps) {
  const { t } = useTranslation();
  const phone = t('org.phone');
  const email = t('org.email');
  return (
    <address className={`space-y-2 not-italic ${className}`}>
      <p>
        <span className="font-medium">{t('footer.addressLabel')}: </span>
        {t('org.address')}
      </p>
      <p>
        <span className="font-medium">{t('footer.phoneLabel')}: </span>
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={linkClassName}>
          {phone}
        </a>
      </p>
      <p>
        <span className="font-medium">{t('footer.emailLabel')}: </span>
        <a href={`mailto:${email}`} className={linkClassName}>
          {email}
        </a>
      </p>
    </address>
  );
}
