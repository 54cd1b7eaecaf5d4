import { defineMessages } from 'react-intl';

export const designerMessages = defineMessages({
  pageTitle: { id: 'homepageDesigner.pageTitle', defaultMessage: 'Homepage designer' },
  controls: { id: 'homepageDesigner.controls', defaultMessage: 'Colours and background' },
  preview: { id: 'homepageDesigner.preview', defaultMessage: 'Live preview' },
  previewLabel: { id: 'homepageDesigner.previewLabel', defaultMessage: 'Preview of the event homepage' },
  homepage_background_color: { id: 'homepageDesigner.colour.background', defaultMessage: 'Background' },
  homepage_content_background_color: {
    id: 'homepageDesigner.colour.contentBackground',
    defaultMessage: 'Content background',
  },
  homepage_primary_color: { id: 'homepageDesigner.colour.primary', defaultMessage: 'Primary' },
  homepage_secondary_color: { id: 'homepageDesigner.colour.secondary', defaultMessage: 'Secondary' },
  homepage_text_color: { id: 'homepageDesigner.colour.text', defaultMessage: 'Text' },
  homepage_button_color: { id: 'homepageDesigner.colour.button', defaultMessage: 'Button' },
  homepage_link_color: { id: 'homepageDesigner.colour.link', defaultMessage: 'Link' },
  widget_background_color: {
    id: 'homepageDesigner.colour.widgetBackground',
    defaultMessage: 'Widget background',
  },
  widget_text_color: { id: 'homepageDesigner.colour.widgetText', defaultMessage: 'Widget text' },
  pick: { id: 'homepageDesigner.pick', defaultMessage: 'Pick a colour' },
  invalidHex: { id: 'homepageDesigner.invalidHex', defaultMessage: 'Enter a hex colour such as #ffffff.' },
  backgroundType: { id: 'homepageDesigner.backgroundType', defaultMessage: 'Page background' },
  backgroundColour: { id: 'homepageDesigner.backgroundType.colour', defaultMessage: 'Background colour' },
  backgroundCover: { id: 'homepageDesigner.backgroundType.cover', defaultMessage: 'Cover image' },
  noCover: {
    id: 'homepageDesigner.noCover',
    defaultMessage: 'Upload a cover image in the settings to use it as the background.',
  },
  save: { id: 'homepageDesigner.save', defaultMessage: 'Save design' },
  reset: { id: 'homepageDesigner.reset', defaultMessage: 'Reset to defaults' },
  saved: { id: 'homepageDesigner.saved', defaultMessage: 'The homepage design was saved.' },
  failed: { id: 'homepageDesigner.failed', defaultMessage: 'Could not save the design. Check the colours.' },
  openPublicPage: { id: 'homepageDesigner.openPublicPage', defaultMessage: 'Open the public page' },
});
