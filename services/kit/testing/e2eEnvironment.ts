/**
 * What the processes the end-to-end tier starts (the app, the builds) take from the test runner: the checkout's
 * root, where they run, and the runner's environment less what must not leak into them.
 */

/** The checkout's root: vitest runs from it, and the app and the builds run there too. */
export const root = process.cwd();

/**
 * Configuration that must not leak from the test runner's environment into the app: the app starts on the
 * embedded default (SQLite in its own DATA_DIR) unless the test opts in through `startApp`'s `options.env`. In
 * particular CI's DATABASE_URL is the int tier's server, and two apps sharing its `postgres` database would mix
 * state.
 */
const NOT_INHERITED = [
  /^DATABASE_URL$/,
  /^EVENTSTORE(_|$)/,
  /^SMTP_URL$/,
  /^STRIPE_/,
  /^PUBLIC_URL$/,
  /^VITEST/,
];

export function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !NOT_INHERITED.some((re) => re.test(key))) env[key] = value;
  }
  return env;
}
