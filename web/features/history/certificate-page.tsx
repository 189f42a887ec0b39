import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { DropIcon } from '../../components/drop-icon.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { placeName } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDonationDate } from '../requests/request-format.ts';
import { useCertificate } from './history.api.ts';

/** On paper: the certificate alone on one landscape page, without the site around it. */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body:has(.certificate-page) header,
  body:has(.certificate-page) footer,
  body:has(.certificate-page) aside { display: none !important; }
  body:has(.certificate-page) .certificate { border-color: #b91c1c; break-inside: avoid; }
}`;

/**
 * /dashboard/donations/:id/certificate: a thank-you certificate for one completed donation, laid
 * out to print on one page (the dashboard's frame and the buttons are not printed). Its words
 * come from the locale, so it reads in the donor's language once Bangla is there.
 */
export function CertificatePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  usePageTitle(t('trust.certificate.pageTitle'));

  if (certificate.isPending) return <Spinner className="py-20" />;
  if (certificate.isError) {
    const missing =
      certificate.error instanceof ApiError &&
      (certificate.error.status === 404 || certificate.error.status === 400);
    return missing ? (
      <p role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800">
        {t('trust.certificate.notFound')}
      </p>
    ) : (
      <QueryError error={certificate.error} onRetry={() => void certificate.refetch()} />
    );
  }
  const c = certificate.data;

  return (
    <div className="certificate-page">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap gap-3 print:hidden">
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          {t('trust.certificate.print')}
        </button>
        <Link to="/dashboard/profile" className={secondaryButton}>
          {t('trust.certificate.back')}
        </Link>
      </div>
      <article className="certificate mx-auto max-w-3xl rounded-2xl border-8 border-double border-red-700 bg-white p-8 text-center shadow-sm sm:p-12 print:max-w-none print:shadow-none">
        <DropIcon className="mx-auto size-12 text-red-600" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-red-800 sm:text-4xl">
          {t('trust.certificate.heading')}
        </h1>
        <p className="mt-6 text-gray-700">{t('trust.certificate.presented')}</p>
        <p className="mt-2 font-serif text-2xl font-semibold wrap-anywhere text-gray-900 sm:text-3xl">
          {c.donorName}
        </p>
        <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-gray-800">
          {t('trust.certificate.body', {
            group: c.bloodGroup,
            date: formatDonationDate(c.donationDate),
            hospital: c.hospitalName,
            district: placeName(c.district),
          })}
        </p>
        <p className="mt-4 text-sm text-gray-600">
          {t('trust.certificate.ordinalText', { count: c.ordinal })}
        </p>
        <p className="mt-10 border-t border-gray-300 pt-3 text-sm font-medium text-gray-700">
          {t('trust.certificate.signature')}
        </p>
      </article>
    </div>
  );
}
