import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useColourScheme, type ColourScheme } from '../theme/colourScheme';
import { uiMessages } from './messages';

const OPTIONS: Array<{
  scheme: ColourScheme;
  label: MessageDescriptor;
  icon: 'flash' | 'moon' | 'contrast';
}> = [
  { scheme: 'light', label: uiMessages.schemeLight, icon: 'flash' },
  { scheme: 'dark', label: uiMessages.schemeDark, icon: 'moon' },
  { scheme: 'auto', label: uiMessages.schemeAuto, icon: 'contrast' },
];

/** Light / dark / same-as-system switch, stored in localStorage `colour_scheme`. */
export function ColourSchemeToggle() {
  const intl = useIntl();
  const [scheme, setScheme] = useColourScheme();
  const current = OPTIONS.find((option) => option.scheme === scheme) ?? OPTIONS[2];
  const label = intl.formatMessage(uiMessages.schemeButtonLabel, {
    scheme: current ? intl.formatMessage(current.label) : '',
  });
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu role="listbox" aria-label={label}>
          {OPTIONS.map((option) => (
            <MenuItem
              key={option.scheme}
              icon={option.icon}
              text={intl.formatMessage(option.label)}
              roleStructure="listoption"
              selected={option.scheme === scheme}
              onClick={() => setScheme(option.scheme)}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon={current?.icon ?? 'contrast'} aria-label={label} title={label} />
    </PopoverNext>
  );
}
