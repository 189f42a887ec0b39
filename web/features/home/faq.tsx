import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const items = ['free', 'matching', 'behalf', 'checkup', 'interval'] as const;

/** An accordion with at most one answer open; the first starts open. */
export function Faq() {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();

  return (
    <section aria-labelledby="faq-title" className="bg-gray-50">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-title" className="text-center text-3xl font-bold">
          {t('home.faq.title')}
        </h2>
        <div className="mt-8 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {items.map((item, index) => {
            const open = openIndex === index;
            const buttonId = `${baseId}-q-${item}`;
            const panelId = `${baseId}-a-${item}`;
            return (
              <div key={item}>
                <h3>
                  <button
                    type="button"
                    id={buttonId}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : index)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-gray-50"
                  >
                    {t(`home.faq.${item}.q`)}
                    <span
                      aria-hidden="true"
                      className={`text-xl text-red-600 transition-transform ${open ? 'rotate-45' : ''}`}
                    >
                      +
                    </span>
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={buttonId}
                  hidden={!open}
                  className="px-5 pb-4 text-gray-600"
                >
                  {t(`home.faq.${item}.a`)}
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
