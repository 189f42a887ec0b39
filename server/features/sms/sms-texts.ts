import type { BloodComponent } from '../../../common/constants.ts';
import type { Language } from '../../../common/languages.ts';
import { msg } from '../../../common/message-key.ts';
import { smsSize } from '../../../common/sms-segments.rules.ts';
import { translate } from '../../lib/messages.ts';

/**
 * An alert, reminder or "a donor accepted" SMS is at most this many parts (issue 28): what it
 * costs a donor's operator bill. In Bangla (UCS-2) two parts hold 134 characters.
 */
export const SMS_MAX_SEGMENTS = 2;
/** The alert's limit, as issue 28 states it. */
export const ALERT_MAX_SEGMENTS = SMS_MAX_SEGMENTS;

/** The one-time code's SMS, in the owner's language. */
export const codeSmsText = (language: Language, code: string) =>
  translate(language, 'email.sms.code', { code });

/** What an SMS about a request says of it. `when` is already written ("29/11 10:30"). */
export interface RequestSmsFields {
  bloodGroup: string;
  component: BloodComponent;
  /** Bags the SMS speaks of: still needed (an alert), or asked for in all (donor accepted). */
  bags: number;
  hospital: string;
  place: string;
  when: string;
  link: string;
}

/** The text a person typed (a hospital, a place, a name) that may be shortened to fit. */
type Shrinkable = 'hospital' | 'place' | 'donor';

/**
 * How short each typed value may become in the full form of a text and in its short form (its
 * pleasantries dropped). Below the full form's floor the short form is used instead: a hospital
 * named in 24 characters says more than "Can you donate?". Below the short form's, a name no
 * longer says which one it was.
 */
const FLOORS: readonly Record<Shrinkable, number>[] = [
  { hospital: 24, place: 10, donor: 12 },
  { hospital: 12, place: 6, donor: 6 },
];

type SmsKey = Parameters<typeof translate>[1];

/** A person's text in an SMS: one line, no control or reordering characters. */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const lengthOf = (text: string) => Array.from(text).length;

/**
 * `text` in at most `length` characters (an ellipsis included): cut after a whole word when one
 * ends in the last third of what is kept, so "Dhaka Medical College Hospital" becomes "Dhaka
 * Medical…", not "Dhaka Medical Col…"; never inside a character.
 */
export function shorten(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  let kept = chars.slice(0, Math.max(1, length - 1)).join('');
  const wordEnd = kept.search(/[\s,;:/(-]+[^\s,;:/(-]*$/);
  if (wordEnd >= Math.ceil((kept.length * 2) / 3)) kept = kept.slice(0, wordEnd);
  return `${kept.replace(/[\s,;:/(-]+$/, '')}…`;
}

/**
 * Composes `key` in `language` within SMS_MAX_SEGMENTS parts, shortening the longest of the
 * person-typed values (`typed`) by what the text is over — the place first — until it fits or
 * each is at its floor.
 * Answers whether it fits, and the text.
 */
function shrunk(
  language: Language,
  key: SmsKey,
  fixed: Record<string, string | number>,
  typed: Partial<Record<Shrinkable, string>>,
  floor: Record<Shrinkable, number>,
) {
  const values = { ...typed };
  const compose = () => translate(language, key, { ...fixed, ...values });
  for (let text = compose(); ; text = compose()) {
    const size = smsSize(text);
    if (size.segments <= SMS_MAX_SEGMENTS) return { fits: true, text };
    const limit = (size.encoding === 'UCS-2' ? 67 : 153) * SMS_MAX_SEGMENTS;
    // The place first (the hospital's name usually says the town), then the longest.
    const longest = (Object.keys(values) as Shrinkable[])
      .filter((name) => lengthOf(values[name] ?? '') > floor[name])
      .sort(
        (a, b) =>
          Number(b === 'place') - Number(a === 'place') ||
          lengthOf(values[b] ?? '') - lengthOf(values[a] ?? ''),
      )[0];
    if (!longest) return { fits: false, text };
    const value = values[longest] ?? '';
    const target = Math.max(floor[longest], lengthOf(value) - (size.units - limit));
    // "Upazila, District" loses its district whole before its upazila is cut.
    const upazila = longest === 'place' ? value.split(', ')[0] : undefined;
    values[longest] = upazila && upazila !== value ? upazila : shorten(value, target);
  }
}

/**
 * A text within SMS_MAX_SEGMENTS parts: its full form (`key`) with the typed values shortened
 * down to the full form's floors, else its short form (`shortKey`) down to the short floors.
 * The blood group, component, bags, time and link are never touched; a text that cannot fit
 * (a very long PUBLIC_URL) goes in more parts rather than without its link.
 */
function fitted(
  language: Language,
  [key, shortKey]: readonly [SmsKey, SmsKey],
  fixed: Record<string, string | number>,
  typed: Partial<Record<Shrinkable, string>>,
): string {
  const clean = Object.fromEntries(
    Object.entries(typed).map(([name, value]) => [name, oneLine(value ?? '')]),
  ) as Partial<Record<Shrinkable, string>>;
  const full = shrunk(language, key, fixed, clean, FLOORS[0] as Record<Shrinkable, number>);
  if (full.fits) return full.text;
  return shrunk(language, shortKey, fixed, clean, FLOORS[1] as Record<Shrinkable, number>).text;
}

/** The blood group, component and bags, as every request SMS says them. */
const requestValues = (fields: RequestSmsFields) => ({
  bloodGroup: fields.bloodGroup,
  componentMessage: msg(`email.sms.component.${fields.component}`),
  bagsMessage: msg(fields.bags === 1 ? 'email.sms.bag' : 'email.sms.bags', { count: fields.bags }),
  when: fields.when,
  link: fields.link,
});

/**
 * A request alert's SMS in `language`, within SMS_MAX_SEGMENTS parts ("B+ platelets, 2 bags,
 * needed at …"): the hospital's and the place's names (typed by the requester) are shortened
 * until it fits.
 */
export const alertSmsText = (language: Language, fields: RequestSmsFields) =>
  fitted(language, ['email.sms.alert', 'email.sms.alertShort'], requestValues(fields), {
    hospital: fields.hospital,
    place: fields.place,
  });

/**
 * The donation reminder's SMS to a donor who pledged, within SMS_MAX_SEGMENTS parts: the
 * hospital and the time (the donor chose the request; its place is on its page).
 */
export const reminderSmsText = (language: Language, fields: RequestSmsFields) =>
  fitted(language, ['email.sms.reminder', 'email.sms.reminderShort'], requestValues(fields), {
    hospital: fields.hospital,
  });

/**
 * "A donor accepted", to the requester: who (their name, or "a donor"), and how many of the
 * request's bags are pledged now. The donor's number is not in it (decision 033).
 */
export const donorAcceptedSmsText = (
  language: Language,
  fields: RequestSmsFields & { donor: string | null; pledged: number },
) =>
  fitted(
    language,
    ['email.sms.donorAccepted', 'email.sms.donorAcceptedShort'],
    {
      ...requestValues(fields),
      pledged: fields.pledged,
      bags: fields.bags,
      // "A donor" is ours, never shortened; a name is the donor's, shortened like a hospital.
      ...(fields.donor === null ? { donor: translate(language, 'email.sms.aDonor') } : {}),
    },
    {
      hospital: fields.hospital,
      ...(fields.donor === null ? {} : { donor: fields.donor }),
    },
  );
