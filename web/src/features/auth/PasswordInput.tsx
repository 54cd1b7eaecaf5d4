import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { authMessages } from './messages';

/** A password input with a show/hide switch. */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const label = intl.formatMessage(shown ? authMessages.hidePassword : authMessages.showPassword);
  return (
    <InputGroup
      size="large"
      {...props}
      type={shown ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={shown ? 'eye-off' : 'eye-open'}
          aria-label={label}
          title={label}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        />
      }
    />
  );
}
