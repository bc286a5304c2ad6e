import type { SiteImageFolder } from '@portal/contracts/text-rules';
import { type ImageKind, redrawImage, storeImage } from '../../lib/images';
import type { StorageDriver } from '../../lib/storage';

export { sniffImage as sniffSiteImage, UnreadableImage as UnreadableSiteImage } from '../../lib/images';

export type SiteImageKind = ImageKind;

const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const satisfies Record<SiteImageKind, string>;

export interface RenderedImage {
  bytes: Buffer;
  kind: SiteImageKind;
  width: number;
  height: number;
}

/**
 * Decodes the picture and draws it anew in its own format: turned upright by its EXIF orientation,
 * scaled down to fit `maxEdge` (never up), first frame only. What comes out holds only pixels in
 * sRGB: no EXIF, no GPS, no comments, no trailing bytes of the upload.
 */
export function renderSiteImage(bytes: Buffer, kind: SiteImageKind, maxEdge: number): Promise<RenderedImage> {
  return redrawImage(bytes, kind, async (image) => {
    const drawn = image.rotate().resize(maxEdge, maxEdge, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? drawn.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? drawn.png({ compressionLevel: 9 })
          : drawn.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, kind, width: info.width, height: info.height };
  });
}

/** Stores an image under a random name (never the client's) and answers its public URL. */
export function storeSiteImage(storage: StorageDriver, folder: SiteImageFolder, image: RenderedImage): Promise<string> {
  return storeImage(storage, folder, image.bytes, EXTENSION[image.kind]);
}
