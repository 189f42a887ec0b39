/** A calendar day (YYYY-MM-DD) for people, e.g. "5 March 2027", whatever the viewer's zone. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
