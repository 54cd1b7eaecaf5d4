import { Fragment } from 'react';

/**
 * An email address that may wrap only before its "@" and its dots ("guest0.ann" / "@example" / ".test"), never
 * inside a word, so a narrow column neither cuts it mid-name nor widens the table for the whole address.
 */
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
