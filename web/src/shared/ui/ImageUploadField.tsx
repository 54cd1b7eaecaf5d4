import { Button, Callout, FileInput } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { isApiError } from '../api/ApiError';
import type { StoredImage } from '../../features/events/types';
import { fieldMessages as m } from './fieldMessages';

const REASONS: Record<string, MessageDescriptor> = {
  image_too_large: m.imageTooLarge,
  payload_too_large: m.imageTooLarge,
  unsupported_image_type: m.imageWrongType,
  image_dimensions_invalid: m.imageWrongSize,
};

/** One image slot (a cover, a logo): preview, upload (checked on the server) and remove. */
export function ImageUploadField({
  label,
  help,
  image,
  upload,
  remove,
  onChanged,
  previewClassName = 'image-field__preview',
}: {
  label: string;
  help: string;
  image: Pick<StoredImage, 'id' | 'url' | 'width' | 'height'> | null;
  upload: (file: File) => Promise<unknown>;
  remove: (imageId: string) => Promise<unknown>;
  onChanged: () => Promise<unknown> | void;
  previewClassName?: string;
}) {
  const intl = useIntl();
  const [fileName, setFileName] = useState<string | null>(null);
  const uploading = useMutation({
    mutationFn: upload,
    onSuccess: () => onChanged(),
    onSettled: () => setFileName(null),
  });
  const removing = useMutation({ mutationFn: remove, onSuccess: () => onChanged() });
  const error = uploading.error ?? removing.error;
  const reason = isApiError(error) ? REASONS[error.reason] : undefined;
  const detail = isApiError(error) ? (error.fieldErrors('image')[0] ?? error.detail) : undefined;

  return (
    <div className="image-field">
      {image ? (
        <figure className="image-field__figure">
          <img
            className={previewClassName}
            src={image.url}
            alt={label}
            width={image.width}
            height={image.height}
          />
          <figcaption className="image-field__caption">
            {intl.formatMessage(m.imageSize, { width: image.width, height: image.height })}
          </figcaption>
        </figure>
      ) : (
        <p className="image-field__empty">{intl.formatMessage(m.noImage)}</p>
      )}
      <div className="image-field__actions">
        <FileInput
          text={fileName ?? intl.formatMessage(m.chooseImage)}
          buttonText={intl.formatMessage(m.browse)}
          disabled={uploading.isPending}
          inputProps={{ accept: 'image/png,image/jpeg,image/webp,image/gif', 'aria-label': label }}
          onInputChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            setFileName(file.name);
            uploading.mutate(file);
            event.currentTarget.value = '';
          }}
        />
        {image ? (
          <Button
            icon="trash"
            variant="outlined"
            intent="danger"
            text={intl.formatMessage(m.removeImage)}
            loading={removing.isPending}
            onClick={() => removing.mutate(image.id)}
          />
        ) : null}
      </div>
      <p className="image-field__help">{help}</p>
      {error ? (
        <Callout intent="danger" role="alert" className="image-field__error">
          {intl.formatMessage(reason ?? (m.imageFailed as MessageDescriptor))}
          {detail && reason ? <div>{detail}</div> : null}
        </Callout>
      ) : null}
    </div>
  );
}
