import { defineMessage, defineMessages } from 'react-intl';

/** Labels of the shared form controls (rich-text editor, image field); ids kept from where they grew. */
export const fieldMessages = defineMessages({
  imageTooLarge: {
    id: 'eventSettings.image.tooLarge',
    defaultMessage: 'The image must be smaller than 5 MB.',
  },
  imageWrongType: {
    id: 'eventSettings.image.wrongType',
    defaultMessage: 'That file is not a PNG, JPEG, WebP or GIF image.',
  },
  imageWrongSize: {
    id: 'eventSettings.image.wrongSize',
    defaultMessage: 'The image is too small or too large.',
  },
  imageSize: defineMessage<{ width: number; height: number }>({
    id: 'eventSettings.image.size',
    defaultMessage: '{width} × {height} pixels',
  }),
  noImage: { id: 'eventSettings.image.none', defaultMessage: 'No image yet.' },
  chooseImage: { id: 'eventSettings.image.choose', defaultMessage: 'Choose an image…' },
  browse: { id: 'eventSettings.image.browse', defaultMessage: 'Browse' },
  removeImage: { id: 'eventSettings.image.remove', defaultMessage: 'Remove' },
  imageFailed: { id: 'eventSettings.image.failed', defaultMessage: 'The image could not be uploaded.' },
  linkPrompt: { id: 'eventSettings.richText.linkPrompt', defaultMessage: 'Link address (https://…)' },
  formatting: { id: 'eventSettings.richText.formatting', defaultMessage: 'Formatting' },
  bold: { id: 'eventSettings.richText.bold', defaultMessage: 'Bold' },
  italic: { id: 'eventSettings.richText.italic', defaultMessage: 'Italic' },
  bulletList: { id: 'eventSettings.richText.bulletList', defaultMessage: 'Bulleted list' },
  numberedList: { id: 'eventSettings.richText.numberedList', defaultMessage: 'Numbered list' },
  link: { id: 'eventSettings.richText.link', defaultMessage: 'Link' },
  currencyOption: defineMessage<{ code: string; name: string }>({
    id: 'events.create.currencyOption',
    defaultMessage: '{code} — {name}',
  }),
});
