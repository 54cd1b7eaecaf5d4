import type { IntlShape } from 'react-intl';
import { defineMessage } from 'react-intl';

/**
 * What an erased buyer's or attendee's fields read as (services/eventstore/personalData.ts, docs/audit.md
 * "Erasure"). The screens say "Erased" in the viewer's language instead of the stored placeholders.
 */
const ERASED_EMAIL = 'erased@erased.invalid';

const erased = defineMessage({ id: 'orders.erasedPerson', defaultMessage: 'Erased' });

interface Person {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

export const isErased = (person: Pick<Person, 'email'>): boolean => person.email === ERASED_EMAIL;

/** The person's name, or "Erased". */
export function personName(intl: IntlShape, person: Person): string {
  return isErased(person)
    ? intl.formatMessage(erased)
    : [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** The person's address; none once erased. */
export const personEmail = (person: Pick<Person, 'email'>): string | null =>
  isErased(person) ? null : person.email;
