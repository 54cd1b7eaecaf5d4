import { Checkbox } from '@blueprintjs/core';
import type { FieldView } from './useForm';

/**
 * A fieldset of checkboxes choosing some of `options` (tickets a promo code, a capacity assignment or a
 * question applies to); the field's error, else its help, below them.
 */
export function CheckboxList({
  legend,
  view,
  help,
  options,
  chosen,
  onChange,
  className,
}: {
  legend: string;
  view: FieldView;
  help?: string;
  options: readonly { id: string; label: string }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  className?: string;
}) {
  const describedBy = view.controlProps['aria-describedby'] ?? `${view.controlProps.id}-help`;
  return (
    <fieldset
      className={['checkbox-list', className].filter(Boolean).join(' ')}
      id={view.controlProps.id}
      aria-describedby={describedBy}
      aria-invalid={view.error ? true : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option.id}
          checked={chosen.includes(option.id)}
          label={option.label}
          onChange={(changed) => {
            const checked = changed.currentTarget.checked;
            onChange(checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id));
          }}
        />
      ))}
      {view.error ? (
        <p className="checkbox-list__error" id={describedBy} role="alert">
          {view.error}
        </p>
      ) : help ? (
        <p className="checkbox-list__help" id={describedBy}>
          {help}
        </p>
      ) : null}
    </fieldset>
  );
}
