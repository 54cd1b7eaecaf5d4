import { defineMessage, defineMessages } from 'react-intl';

export const widgetMessages = defineMessages({
  frameTitle: defineMessage<{ event: string }>({
    id: 'widget.frame.title',
    defaultMessage: 'Tickets for {event}',
  }),
  tickets: { id: 'widget.frame.tickets', defaultMessage: 'Tickets' },
  notAvailable: {
    id: 'widget.frame.notAvailable',
    defaultMessage: 'Tickets for this event are not available here.',
  },
  poweredBy: { id: 'widget.frame.openEventPage', defaultMessage: 'Open the event page' },
  newTabBlocked: {
    id: 'widget.frame.newTabBlocked',
    defaultMessage: 'Your browser blocked the new tab. Continue here instead.',
  },
  continueHere: { id: 'widget.frame.continueHere', defaultMessage: 'Continue here' },
  pageTitle: { id: 'widget.settings.pageTitle', defaultMessage: 'Widget' },
  heading: { id: 'widget.settings.heading', defaultMessage: 'Sell tickets on your own site' },
  intro: {
    id: 'widget.settings.intro',
    defaultMessage:
      "Paste this snippet into any web page. It shows this event's tickets in a frame that sizes itself to its content.",
  },
  checkoutMode: { id: 'widget.settings.checkoutMode', defaultMessage: 'Checkout opens' },
  newTab: { id: 'widget.settings.newTab', defaultMessage: 'In a new tab (your page stays open)' },
  inPlace: { id: 'widget.settings.inPlace', defaultMessage: 'Inside the widget' },
  snippet: { id: 'widget.settings.snippet', defaultMessage: 'Snippet' },
  copy: { id: 'widget.settings.copy', defaultMessage: 'Copy snippet' },
  copied: { id: 'widget.settings.copied', defaultMessage: 'Snippet copied' },
  copyFailed: {
    id: 'widget.settings.copyFailed',
    defaultMessage: 'Could not copy. Select the snippet and copy it yourself.',
  },
  preview: { id: 'widget.settings.preview', defaultMessage: 'Live preview' },
  previewDraft: {
    id: 'widget.settings.previewDraft',
    defaultMessage: 'The widget shows tickets once the event is live. Publish the event to preview it.',
  },
  colours: {
    id: 'widget.settings.colours',
    defaultMessage: 'The widget uses the widget background and text colours of the homepage designer.',
  },
  openDesigner: { id: 'widget.settings.openDesigner', defaultMessage: 'Change the colours' },
});
