import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Template } from '../../../engine/template.ts';
import {
  editorPath,
  type ListType,
  localised,
  ownPreviewUrl,
  previewUrl,
} from '../../../shop/templateList.ts';
import { useOwnPictures } from '../../app/ownPictures.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';

/**
 * Own-pictures previews are drawn this wide: a tile is about 170 CSS px on a phone, so this is
 * sharp at a phone's 2.6 device pixels per CSS pixel without drawing more than a tile shows.
 */
export const OWN_PREVIEW_WIDTH = 480;

/**
 * A template's preview and name, linking to its editor (S1 §2). With 'View with own pictures' on,
 * the preview is the template's first page with the shopper's pictures, drawn by the server.
 */
export function TemplateTile({
  type,
  category,
  template,
}: {
  type: ListType;
  category: string | null;
  template: Template;
}) {
  const { i18n } = useTranslation();
  const name = localised(template.name, i18n.language);
  const own = ownPreviewUrl(template, useOwnPictures(), OWN_PREVIEW_WIDTH);
  return (
    <Link
      to={editorPath(type, category, template)}
      className={template.separateFromBackground ? 'template-tile is-lifted' : 'template-tile'}
      data-testid="template-tile"
      data-template-uuid={template.uuid}
      data-own-pictures={own !== null}
    >
      <span className="template-tile__frame">
        <LazyImage
          className="template-tile__image"
          src={own ?? previewUrl(template)}
          alt=""
          width={template.dimensions.width}
          height={template.dimensions.height}
        />
      </span>
      <span className="template-tile__name">{name}</span>
    </Link>
  );
}
