import { Button, Callout, Card, FormGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useOutletContext } from 'react-router';
import type { EventDetail } from '../events/types';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useToaster } from '../../shared/ui/toaster';
import { widgetFramePath, widgetSnippet, type WidgetCheckout } from './snippet';
import { widgetMessages as m } from './messages';
import '../../shared/ui/manage.css';

/** `/manage/event/{eventId}/widget`: the snippet to paste, how the checkout opens, and a live preview. */
export function WidgetSettingsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const toaster = useToaster();
  const id = useId();
  const [checkout, setCheckout] = useState<WidgetCheckout>('new-tab');
  const snippet = widgetSnippet(window.location.origin, event.id, checkout);
  const live = event.status === 'LIVE';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toaster.success(m.copied);
    } catch {
      toaster.danger(m.copyFailed);
    }
  };

  return (
    <div className="widget-settings">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <Card className="widget-settings__controls">
        <h2 className="section-title">{intl.formatMessage(m.heading)}</h2>
        <p>{intl.formatMessage(m.intro)}</p>
        <RadioGroup
          label={intl.formatMessage(m.checkoutMode)}
          selectedValue={checkout}
          onChange={(e) => setCheckout(e.currentTarget.value === 'in-place' ? 'in-place' : 'new-tab')}
        >
          <Radio value="new-tab" label={intl.formatMessage(m.newTab)} />
          <Radio value="in-place" label={intl.formatMessage(m.inPlace)} />
        </RadioGroup>
        <FormGroup label={intl.formatMessage(m.snippet)} labelFor={`${id}-snippet`}>
          <TextArea
            id={`${id}-snippet`}
            value={snippet}
            readOnly
            fill
            rows={3}
            className="widget-settings__snippet"
          />
        </FormGroup>
        <Button icon="clipboard" text={intl.formatMessage(m.copy)} onClick={() => void copy()} />
        <p className="settings-section__help">
          {intl.formatMessage(m.colours)}{' '}
          <Link to={`/manage/event/${encodeURIComponent(event.id)}/homepage-designer`}>
            {intl.formatMessage(m.openDesigner)}
          </Link>
        </p>
      </Card>
      <Card className="widget-settings__preview">
        <h2 className="section-title">{intl.formatMessage(m.preview)}</h2>
        {live ? (
          <iframe
            key={checkout}
            title={intl.formatMessage(m.frameTitle, { event: event.title })}
            src={widgetFramePath(event.id, checkout)}
            className="widget-settings__frame"
          />
        ) : (
          <Callout intent="primary">{intl.formatMessage(m.previewDraft)}</Callout>
        )}
      </Card>
    </div>
  );
}

export default WidgetSettingsPage;
