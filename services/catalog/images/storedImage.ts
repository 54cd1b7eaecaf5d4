/** An image as an aggregate records it: which stored file, what kind, its size and dimensions. */
export interface StoredImage<Type extends string> {
  imageId: string;
  type: Type;
  /** Content-addressed storage key: `<sha256>.<ext>`. */
  key: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  uploadedAt: string;
}

/** One image per kind: a new upload replaces the aggregate's image of the same kind, if there is one. */
export function replacingSameKind<Type extends string>(
  images: readonly StoredImage<Type>[],
  upload: Omit<StoredImage<Type>, 'uploadedAt'>,
  at: string,
): { image: StoredImage<Type>; replacedImageId: string | null } {
  const replaced = images.find((image) => image.type === upload.type);
  return { image: { ...upload, uploadedAt: at }, replacedImageId: replaced?.imageId ?? null };
}
