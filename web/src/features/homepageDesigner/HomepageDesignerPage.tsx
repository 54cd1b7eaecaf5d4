import {
  AnchorButton,
  Button,
  Callout,
  Card,
  FormGroup,
  InputGroup,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router';
import { useToaster } from '../../shared/ui/toaster';
import { updateEventSettings } from '../events/api';
import { publicEventPath } from '../events/EventCard';
import { eventQueries } from '../events/queries';
import {
  COLOUR_FIELDS,
  type EventDetail,
  type HomepageBackgroundType,
  type HomepageColours,
  type PublicEvent,
} from '../events/types';
import { formErrors } from '../../shared/forms/formErrors';
import { changedEntries } from '../../shared/forms/values';
import { EventHome } from '../publicEvent/EventHome';
import { DEFAULT_HOME_COLOURS } from '../publicEvent/homeStyle';
import '../publicEvent/public.css';
import { designerMessages as m } from './messages';
import '../../shared/ui/manage.css';
import { PageTitle } from '../../shared/ui/PageTitle';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
type Design = HomepageColours & { homepage_background_type: HomepageBackgroundType };

function designOf(event: EventDetail): Design {
  const design = { homepage_background_type: event.settings.homepage_background_type } as Design;
  for (const key of COLOUR_FIELDS) design[key] = event.settings[key];
  return design;
}

/** `#abc` → `#aabbcc`, what `<input type="color">` needs. */
function sixDigits(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/** `/manage/event/{eventId}/homepage-designer`: the homepage's colours and background, previewed as they are typed. */
export function HomepageDesignerPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  const queryClient = useQueryClient();
  const toaster = useToaster();
  const baseId = useId();
  const saved = designOf(event);
  const savedKey = JSON.stringify(saved);
  const [design, setDesign] = useState<Design>(saved);
  useEffect(() => setDesign(JSON.parse(savedKey) as Design), [savedKey]);

  const invalid = COLOUR_FIELDS.filter((key) => !HEX.test(design[key]));
  const changes = changedEntries(saved, design);
  const mutation = useMutation({
    mutationFn: () => updateEventSettings(event.id, changes),
    onSuccess: async () => {
      toaster.success(m.saved);
      await queryClient.invalidateQueries({ queryKey: eventQueries.all });
    },
  });

  const preview: PublicEvent = { ...event, settings: { ...event.settings, ...design } };

  return (
    <div className="designer">
      <PageTitle parts={[m.pageTitle, event.title]} />
      <Card className="designer__controls">
        <h2 className="section-title">{intl.formatMessage(m.controls)}</h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (invalid.length === 0 && Object.keys(changes).length > 0) mutation.mutate();
          }}
        >
          {mutation.isError ? (
            <Callout intent="danger" role="alert" className="form-callout">
              {intl.formatMessage(m.failed)}
            </Callout>
          ) : null}
          <div className="designer__colours">
            {COLOUR_FIELDS.map((key) => {
              const inputId = `${baseId}-${key}`;
              const error = !HEX.test(design[key])
                ? intl.formatMessage(m.invalidHex)
                : formErrors(mutation.error, [key]).of(key);
              return (
                <FormGroup
                  key={key}
                  label={intl.formatMessage(m[key])}
                  labelFor={inputId}
                  intent={error ? 'danger' : 'none'}
                  helperText={error ? <span id={`${inputId}-error`}>{error}</span> : undefined}
                  className="designer__colour"
                >
                  <div className="designer__colour-row">
                    <input
                      type="color"
                      className="designer__swatch"
                      aria-label={`${intl.formatMessage(m[key])}: ${intl.formatMessage(m.pick)}`}
                      value={HEX.test(design[key]) ? sixDigits(design[key]) : '#000000'}
                      onChange={(e) => setDesign((d) => ({ ...d, [key]: e.target.value }))}
                    />
                    <InputGroup
                      id={inputId}
                      value={design[key]}
                      maxLength={7}
                      spellCheck={false}
                      intent={error ? 'danger' : 'none'}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      onChange={(e) => setDesign((d) => ({ ...d, [key]: e.target.value.trim() }))}
                    />
                  </div>
                </FormGroup>
              );
            })}
          </div>
          <RadioGroup
            label={intl.formatMessage(m.backgroundType)}
            selectedValue={design.homepage_background_type}
            onChange={(e) =>
              setDesign((d) => ({
                ...d,
                homepage_background_type: e.currentTarget.value as HomepageBackgroundType,
              }))
            }
          >
            <Radio value="COLOR" label={intl.formatMessage(m.backgroundColour)} />
            <Radio value="COVER_IMAGE" label={intl.formatMessage(m.backgroundCover)} />
          </RadioGroup>
          {design.homepage_background_type === 'COVER_IMAGE' && !event.cover_image_url ? (
            <p className="settings-section__help">{intl.formatMessage(m.noCover)}</p>
          ) : null}
          <div className="designer__actions">
            <Button
              text={intl.formatMessage(m.reset)}
              variant="outlined"
              onClick={() => setDesign({ ...DEFAULT_HOME_COLOURS, homepage_background_type: 'COLOR' })}
            />
            <Button
              type="submit"
              intent="primary"
              text={intl.formatMessage(m.save)}
              loading={mutation.isPending}
              disabled={
                event.status === 'ARCHIVED' || invalid.length > 0 || Object.keys(changes).length === 0
              }
            />
          </div>
          {event.status === 'LIVE' ? (
            <AnchorButton
              className="designer__open"
              variant="minimal"
              icon="share"
              href={publicEventPath(event)}
              target="_blank"
              rel="noopener"
              text={intl.formatMessage(m.openPublicPage)}
            />
          ) : null}
        </form>
      </Card>
      <section className="designer__preview" aria-label={intl.formatMessage(m.previewLabel)}>
        <h2 className="section-title">{intl.formatMessage(m.preview)}</h2>
        <div className="designer__frame" data-testid="homepage-preview">
          <EventHome event={preview} preview />
        </div>
      </section>
    </div>
  );
}

export default HomepageDesignerPage;
