/**
 * Intl.DateTimeFormat for a locale and options, made once and kept: making a formatter is the
 * costly part (the first one a page makes loads the browser's locale data: 70–230 ms at
 * Lighthouse's 4× CPU slowdown, docs/performance-web.md), using one is cheap. The lists format a
 * date or time per card.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
