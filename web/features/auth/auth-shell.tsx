import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropIcon } from '../../components/drop-icon.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * The frame of the login and register screens, which stand without the navigation (SPEC §2):
 * so the brand links home here instead.
 */
export function AuthShell({
  title,
  footer,
  wide = false,
  children,
}: {
  title: string;
  footer: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="min-h-dvh bg-gradient-to-b from-red-50 to-white px-4 py-10">
      <div className={`mx-auto flex flex-col gap-6 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <Link
          to="/"
          aria-label={t('nav.brand')}
          className="flex items-center justify-center gap-2 self-center rounded-md text-2xl font-bold text-gray-900"
        >
          <DropIcon className="size-8 text-red-600" />
          {t('app.name')}
        </Link>
        <section className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-6 text-center text-2xl font-bold text-gray-900">{title}</h1>
          {children}
        </section>
        <p className="text-center text-sm text-gray-600">{footer}</p>
      </div>
    </div>
  );
}
