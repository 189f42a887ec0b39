import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';

// Issue 27: how urgent a request is, which part of the blood it asks for, and how many of its
// bags have a donor. They take their words from the caller: a page of cards looks them up once.

type Urgency = DonationRequestResponse['urgency'];

const urgencyTone: Record<Urgency, string> = {
  critical: 'bg-red-700 text-white ring-red-800',
  urgent: 'bg-orange-50 text-orange-900 ring-orange-300',
  scheduled: 'bg-sky-50 text-sky-900 ring-sky-200',
};

/**
 * The urgency as a badge. Its words carry the meaning (the colour only repeats it), and a screen
 * reader hears "Urgency: Critical" rather than a lone word.
 */
export function UrgencyBadge({
  urgency,
  label,
  fieldLabel,
}: {
  urgency: Urgency;
  label: string;
  fieldLabel: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${urgencyTone[urgency]}`}
    >
      {urgency === 'critical' && (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
          <path d="M10 2a1 1 0 0 1 .9.6l7 14A1 1 0 0 1 17 18H3a1 1 0 0 1-.9-1.4l7-14A1 1 0 0 1 10 2Zm0 5a1 1 0 0 0-1 1v4a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8.5a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Z" />
        </svg>
      )}
      <span className="sr-only">{fieldLabel}: </span>
      {label}
    </span>
  );
}

/** Whether a request shows its bag count: a one-bag request looks as the SPEC draws it. */
export const showsBags = (request: Pick<DonationRequestResponse, 'bags'>) => request.bags > 1;

/**
 * "2 of 4 donors found" with a bar under it. The bar is drawn for the eye only; the sentence is
 * what everyone reads.
 */
export function BagsProgress({
  request,
  text,
}: {
  request: Pick<DonationRequestResponse, 'bags' | 'bagsPledged'>;
  text: string;
}) {
  const share = Math.min(1, request.bagsPledged / request.bags);
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold text-gray-900">{text}</p>
      <div aria-hidden="true" className="mt-1 h-1.5 w-full max-w-48 rounded-full bg-gray-200">
        <div className="h-full rounded-full bg-red-600" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
