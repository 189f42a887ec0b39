import type { Context } from 'hono';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import { isLanguage, type Language, languageFromHeader } from '../../../common/languages.ts';
import { msg } from '../../../common/message-key.ts';
import { withoutContacts } from '../../../common/share-text.ts';
import { excerpt } from '../../../common/text-excerpt.ts';
import type { AppDeps } from '../../lib/context.ts';
import { dateIn, placeIn } from '../../lib/local-text.ts';
import { translate } from '../../lib/messages.ts';
import { publicBaseUrl } from '../../lib/origins.ts';
import { findPublishedById } from '../blogs/blogs.repository.ts';
import { findOpenSummaryById } from '../requests/requests.repository.ts';

// Links to a published blog or an open donation request are shared on Facebook and WhatsApp,
// whose crawlers read the page's HTML and run no script. So for those two routes the server
// writes the page's title, description and image into index.html as Open Graph and Twitter tags.
// Only public facts go in: a request's preview names its blood group, bags, component, urgency,
// place, hospital and date, never a person, and nothing in it reads as a phone number or an email
// (issue 27: common/share-text.ts). Every other page (a draft, a request no longer open) gets none.
// A request's preview is in its reader's language (issue 30 item 17): `?lang=bn` in the link (the
// web's Share adds it for a Bangla reader, so Facebook's crawler, which asks in English, gets the
// Bangla the sharer saw), else the first language of Accept-Language; Bangla names the place as
// the reference data does and writes the date and the bags in Bangla digits.

const SITE_NAME = 'RedHope';
/** The card for request links (they have no picture of their own): web/public/share-card.png. */
const REQUEST_IMAGE = '/share-card.png';
const DESCRIPTION_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SharePreview {
  title: string;
  description: string;
  /** A path on this site. */
  image: string;
  imageAlt: string;
  /** The page's own path. */
  path: string;
  type: 'article' | 'website';
  /** The language of its words, where we wrote them (a blog is in whatever its author wrote). */
  language?: Language;
}

/** Open Graph's name of each language (og:locale). */
const OG_LOCALE: Record<Language, string> = { en: 'en_US', bn: 'bn_BD' };

/** Text for an HTML attribute or element: every character that could end one is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** "2025-06-12" → "12 June 2025" (a wall-clock date at the hospital: formatted in UTC). */
function longDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

/** What an open request's preview says of it. */
type OpenRequestSummary = Pick<
  NonNullable<Awaited<ReturnType<typeof findOpenSummaryById>>>,
  'bags' | 'component' | 'urgency' | 'district' | 'hospitalName' | 'donationDate'
>;

/**
 * An open request's preview text (issue 27): "Critical, needed within hours: 3 bags of platelets,
 * needed on 12 June 2026 at Dhaka Medical College Hospital, Dhaka. …"; in Bangla "অতি জরুরি, …:
 * ৩ ব্যাগ প্লাটিলেট প্রয়োজন, ১২ জুন, ২০২৬, Dhaka Medical College Hospital, ঢাকা। …" (the
 * hospital as the family typed it). The urgency says what the family chose with what it means.
 */
export function requestDescription(request: OpenRequestSummary, language: Language = 'en'): string {
  return withoutContacts(
    translate(language, 'share.requestText', {
      urgencyMessage: msg(`share.urgency.${request.urgency}`),
      bagsMessage: msg(request.bags === 1 ? 'share.bag' : 'share.bags', { count: request.bags }),
      componentMessage: msg(`share.component.${request.component}`),
      date: language === 'bn' ? dateIn('bn', request.donationDate) : longDate(request.donationDate),
      hospital: request.hospitalName,
      district: placeIn(language, request.district),
      site: SITE_NAME,
    }),
  );
}

/**
 * The language a shared page's preview is written in: the link's own `?lang=` (what the sharer
 * read), else the reader's Accept-Language, else English.
 */
export function previewLanguage(asked: string | undefined, acceptLanguage?: string): Language {
  return isLanguage(asked) ? asked : languageFromHeader(acceptLanguage);
}

/**
 * The preview of the page at `path`, or null when it has none. At most one read by primary key;
 * an address that holds no id costs none.
 */
export async function previewFor(
  { db }: Pick<AppDeps, 'db'>,
  path: string,
  language: Language = 'en',
): Promise<SharePreview | null> {
  const [, section, id, ...rest] = path.split('/');
  if (rest.length > 0 || !id || !UUID.test(id)) return null;
  if (section === 'blogs') {
    const blog = await findPublishedById(db, id.toLowerCase());
    if (!blog) return null;
    return {
      title: blog.title,
      description: excerpt(blog.content, DESCRIPTION_LENGTH),
      image: blog.image,
      imageAlt: blog.title,
      path: `/blogs/${blog.id}`,
      type: 'article',
    };
  }
  if (section === 'blood-donation-request') {
    const request = await findOpenSummaryById(db, id.toLowerCase(), todayInDhaka());
    if (!request) return null;
    const title = translate(language, 'share.requestTitle', {
      bloodGroup: request.bloodGroup,
      district: placeIn(language, request.district),
    });
    // The Bangla preview's own address keeps `lang=bn`: Facebook reads the tags again at og:url.
    const query = language === 'en' ? '' : `?lang=${language}`;
    return {
      title,
      description: requestDescription(request, language),
      image: REQUEST_IMAGE,
      imageAlt: title,
      path: `/blood-donation-request/${id.toLowerCase()}${query}`,
      type: 'website',
      language,
    };
  }
  return null;
}

/** The Open Graph and Twitter tags of `preview`, every value escaped, addresses absolute. */
export function previewTags(preview: SharePreview, origin: string): string {
  const url = `${origin}${preview.path}`;
  const image = `${origin}${preview.image}`;
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`;
  const named = (name: string, value: string) =>
    `<meta name="${name}" content="${escapeHtml(value)}" />`;
  return [
    property('og:site_name', SITE_NAME),
    property('og:type', preview.type),
    ...(preview.language ? [property('og:locale', OG_LOCALE[preview.language])] : []),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', url),
    property('og:image', image),
    property('og:image:alt', preview.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', preview.title),
    named('twitter:description', preview.description),
    named('twitter:image', image),
    named('twitter:image:alt', preview.imageAlt),
  ].join('\n    ');
}

/**
 * index.html with the preview written in: its title and description replaced, the tags added
 * at the end of the head.
 */
export function withPreview(html: string, preview: SharePreview, origin: string): string {
  const title = `<title>${escapeHtml(`${preview.title} · ${SITE_NAME}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(preview.description)}" />`;
  return (
    html
      // Functions, not strings: a `$&` in a title is text, not a replacement pattern.
      .replace(/<title>[\s\S]*?<\/title>/, () => title)
      .replace(/<meta\s+name="description"[^>]*>/, () => description)
      .replace('</head>', () => `  ${previewTags(preview, origin)}\n  </head>`)
  );
}

/**
 * For the static web handler: index.html as served at this request's path, with the share
 * preview of a published blog or an open request. Absolute addresses use the configured address
 * only (PUBLIC_URL, else http://localhost:PORT), never the request's Host header: the page is
 * cached and shared, so a forged Host would send other people's previews to a stranger's site.
 */
export function sharePreviews(deps: Pick<AppDeps, 'db' | 'env' | 'logger'>) {
  const origin = publicBaseUrl(deps.env);
  return async (c: Context, html: string): Promise<string> => {
    try {
      const language = previewLanguage(c.req.query('lang'), c.req.header('accept-language'));
      const preview = await previewFor(deps, c.req.path, language);
      if (!preview) return html;
      // The same address answers a Bangla reader in Bangla: a cache must ask again per language.
      c.header('Vary', 'Accept-Language', { append: true });
      return withPreview(html, preview, origin);
    } catch (error) {
      // The page works without its preview: a failed read must not cost the visitor the page.
      deps.logger.error({ err: error, path: c.req.path }, 'share preview failed');
      return html;
    }
  };
}
