/** Characters a URL may carry unescaped (RFC 3986), less the single quote: nothing that ends an attribute. */
const urlCharacters = /^[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]+$/;

/**
 * An absolute http(s) address that can be written into a link as it is: a host, no user name or password,
 * and no quote, angle bracket, space or backslash that could end the attribute or the tag it goes into
 * (`https://x.example/"onmouseover=…` is refused, where the URL parser alone would accept it).
 */
export function isWebAddress(value: string): boolean {
  if (value.length > 2000 || !/^https?:\/\//i.test(value) || !urlCharacters.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
