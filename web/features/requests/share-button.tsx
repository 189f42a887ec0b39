import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { withoutContacts } from '../../../common/share-text.ts';
import { currentLanguage, i18n } from '../../lib/i18n.ts';
import { formatDonationDate, joinPlace } from './request-format.ts';
import { facebookShareUrl, requestLink, whatsAppShareUrl } from './share-links.ts';

/** What a share says about a request: public facts only (share-links.ts). */
export type SharedRequest = Pick<
  DonationRequestResponse,
  | 'id'
  | 'bloodGroup'
  | 'bags'
  | 'component'
  | 'urgency'
  | 'hospitalName'
  | 'upazila'
  | 'district'
  | 'donationDate'
>;

/** The share's title and text in the language shown, with nothing that reads as a contact. */
export function shareMessage(request: SharedRequest) {
  const t = i18n.t;
  const text = t('requests.share.text', {
    count: request.bags,
    group: request.bloodGroup,
    component: t(`requests.component.${request.component}`),
    urgency: t(`requests.urgency.${request.urgency}`),
    hospital: request.hospitalName,
    place: joinPlace(request.upazila, request.district),
    date: formatDonationDate(request.donationDate),
  });
  return {
    title: t('requests.share.title', { group: request.bloodGroup }),
    text: withoutContacts(text),
  };
}

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-600';

/**
 * Issue 27: Share on a request's card and detail. Where the browser has the Web Share API (phones,
 * mostly) its own sheet opens; elsewhere a small panel offers Copy link, WhatsApp and Facebook.
 * `label` is the button's word and `labelFor` what a screen reader hears after it (which request),
 * passed in so a page of cards looks its words up once.
 */
export function ShareButton({
  request,
  label,
  labelFor,
  className,
}: {
  request: SharedRequest;
  label: string;
  labelFor?: string;
  className: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sharing = useRef(false);

  const onClick = async () => {
    if (open) return setOpen(false);
    const link = requestLink(window.location.origin, request.id, currentLanguage());
    if (typeof navigator.share === 'function') {
      // One sheet at a time: a second share() while one is open rejects with InvalidStateError.
      if (sharing.current) return;
      sharing.current = true;
      try {
        await navigator.share({ ...shareMessage(request), url: link });
        return;
      } catch (error) {
        // Closed by the user: nothing to do. Refused (no user gesture, a policy): offer the panel.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      } finally {
        sharing.current = false;
      }
    }
    setOpen(true);
  };

  // Opened: a click anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation(); // Not also a dialog around it.
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere inside closes the panel.
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => void onClick()}
      >
        <ShareIcon />
        {label}
        {labelFor && <span className="sr-only"> {labelFor}</span>}
      </button>
      {open && (
        <SharePanel
          id={`${id}-panel`}
          request={request}
          onDone={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** The fallback: copy the link, or hand it to WhatsApp or Facebook in a new tab. */
function SharePanel({
  id,
  request,
  onDone,
}: {
  id: string;
  request: SharedRequest;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const firstRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const link = requestLink(window.location.origin, request.id, currentLanguage());
  const { text } = shareMessage(request);

  // The panel opens with the focus on its first choice, so the keyboard goes on from there.
  useEffect(() => firstRef.current?.focus(), []);
  useEffect(() => {
    if (copy === 'failed') linkRef.current?.select();
  }, [copy]);

  const copyLink = () =>
    (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );

  return (
    <fieldset
      id={id}
      aria-label={t('requests.share.options')}
      className="absolute right-0 z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white p-1 text-left shadow-lg"
    >
      <button ref={firstRef} type="button" className={itemClass} onClick={() => void copyLink()}>
        {t('requests.share.copy')}
      </button>
      <a
        href={whatsAppShareUrl(text, link)}
        target="_blank"
        rel="noopener noreferrer"
        className={itemClass}
        onClick={onDone}
      >
        {t('requests.share.whatsapp')}
        <span className="sr-only"> {t('requests.share.newTab')}</span>
      </a>
      <a
        href={facebookShareUrl(link)}
        target="_blank"
        rel="noopener noreferrer"
        className={itemClass}
        onClick={onDone}
      >
        {t('requests.share.facebook')}
        <span className="sr-only"> {t('requests.share.newTab')}</span>
      </a>
      {/* Said aloud as it changes; empty until the copy is tried. */}
      <p role="status" className="px-3 text-sm empty:hidden">
        {copy === 'copied' && (
          <span className="block py-1 text-green-800">{t('requests.share.copied')}</span>
        )}
        {copy === 'failed' && (
          <span className="block pt-1 text-gray-700">{t('requests.share.copyFailed')}</span>
        )}
      </p>
      {copy === 'failed' && (
        <input
          ref={linkRef}
          type="text"
          readOnly
          value={link}
          aria-label={t('requests.share.link')}
          className="m-2 block w-[calc(100%-1rem)] rounded border border-gray-300 px-2 py-1 text-sm"
        />
      )}
    </fieldset>
  );
}

function ShareIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M13 4.5a2.5 2.5 0 1 1 .7 1.7L7.9 9.1a2.5 2.5 0 0 1 0 1.8l5.8 2.9a2.5 2.5 0 1 1-.7 1.4l-5.8-2.9a2.5 2.5 0 1 1 0-4.6l5.8-2.9a2.5 2.5 0 0 1 0-.3Z" />
    </svg>
  );
}
