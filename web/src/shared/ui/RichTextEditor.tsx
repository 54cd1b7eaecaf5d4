import { Button, ButtonGroup } from '@blueprintjs/core';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { fieldMessages as m } from './fieldMessages';
import './manage.css';

/**
 * A small rich-text editor (bold, italic, lists, links) on a contenteditable area. Its HTML is sanitised by the
 * server before it is stored; nothing here is trusted.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  label,
  invalid,
  describedBy,
  minHeight = 120,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  minHeight?: number;
}) {
  const intl = useIntl();
  const area = useRef<HTMLDivElement>(null);
  const toolbarId = useId();

  // Only outside changes (a reset after saving, another event) are written into the area, never while typing.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    onChange(area.current?.innerHTML ?? '');
  };

  const addLink = () => {
    const url = window.prompt(intl.formatMessage(m.linkPrompt), 'https://');
    if (url && /^https?:\/\//i.test(url)) run('createLink', url);
  };

  return (
    <div className={invalid ? 'rich-text rich-text--invalid' : 'rich-text'}>
      <ButtonGroup
        className="rich-text__toolbar"
        aria-label={intl.formatMessage(m.formatting)}
        id={toolbarId}
      >
        <Button
          size="small"
          variant="minimal"
          icon="bold"
          aria-label={intl.formatMessage(m.bold)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('bold')}
        />
        <Button
          size="small"
          variant="minimal"
          icon="italic"
          aria-label={intl.formatMessage(m.italic)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('italic')}
        />
        <Button
          size="small"
          variant="minimal"
          icon="properties"
          aria-label={intl.formatMessage(m.bulletList)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('insertUnorderedList')}
        />
        <Button
          size="small"
          variant="minimal"
          icon="numbered-list"
          aria-label={intl.formatMessage(m.numberedList)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('insertOrderedList')}
        />
        <Button
          size="small"
          variant="minimal"
          icon="link"
          aria-label={intl.formatMessage(m.link)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={addLink}
        />
      </ButtonGroup>
      <div
        id={id}
        ref={area}
        className="rich-text__area bp6-input"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        style={{ minHeight }}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
      />
    </div>
  );
}
