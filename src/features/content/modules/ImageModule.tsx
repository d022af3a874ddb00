import { contentImageSources } from '../../../../shop/index.ts';
import { LazyImage } from '../../../ui/LazyImage.tsx';
import { SmartLink } from '../../../ui/SmartLink.tsx';
import type { ModuleOf } from '../types.ts';

export function ImageModule({ module }: { module: ModuleOf<'Image'> }) {
  const image = (
    <LazyImage
      className="content-image"
      src={module.src}
      alt={module.alt}
      width={module.width}
      height={module.height}
      responsive={contentImageSources(module.src, module.width)}
    />
  );
  if (!module.link) return image;
  return (
    <SmartLink className="content-image-link" href={module.link} newWindow={module.newWindow}>
      {image}
    </SmartLink>
  );
}
