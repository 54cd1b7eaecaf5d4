import type { EventLocation } from '../api/types';

/** A two-letter country code as the viewer's language names it ("DE" → "Germany"); other values as given. */
export function countryName(locale: string, country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** Address lines as printed on an envelope: venue, street lines, city/region/zip, country. */
export function addressLines(location: EventLocation, locale: string): string[] {
  const cityLine = [location.city, location.state_or_region, location.zip_or_postal_code]
    .filter(Boolean)
    .join(', ');
  return [
    location.venue_name,
    location.address_line_1,
    location.address_line_2,
    cityLine,
    location.country ? countryName(locale, location.country) : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

export function hasAddress(location: EventLocation | null): location is EventLocation {
  return (
    location !== null &&
    Object.values(location).some((value) => typeof value === 'string' && value.trim() !== '')
  );
}
