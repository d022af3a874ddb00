import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Template } from '../../../engine/index.ts';
import { previewSheet } from '../../../engine/index.ts';
import {
  editorPath,
  type ListType,
  localised,
  ownPreviewUrl,
  previewSources,
  previewUrl,
} from '../../../shop/index.ts';
import { useOwnPictures } from '../../app/ownPictures.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';

/**
 * Own-pictures previews are drawn this wide: a tile is about 170 CSS px on a phone, so this is
 * sharp at a phone's 2.6 device pixels per CSS pixel without drawing more than a tile shows.
 */
export const OWN_PREVIEW_WIDTH = 480;

/**
 * A template's preview and name, linking to its editor (S1 §2). The preview is the template's preview
 * sheet (engine/previewSheet.ts: every printed part, at the product's aspect ratio), its box reserved
 * at the sheet's own shape. With 'View with own pictures' on, the same sheet with the shopper's
 * pictures, drawn by the server.
 */
export function TemplateTile({
  type,
  category,
  template,
  priority = false,
}: {
  type: ListType;
  category: string | null;
  template: Template;
  /** One of the first screen's tiles: its picture is fetched at once and first. */
  priority?: boolean;
}) {
  const { i18n } = useTranslation();
  const name = localised(template.name, i18n.language);
  const own = ownPreviewUrl(template, useOwnPictures(), OWN_PREVIEW_WIDTH);
  const sheet = previewSheet(template);
  // A sheet of several pages draws each page's own shadow; one page is lifted by the tile's.
  const lifted = template.separateFromBackground && sheet.cells.length === 1;
  return (
    <Link
      to={editorPath(type, category, template)}
      className={lifted ? 'template-tile is-lifted' : 'template-tile'}
      data-testid="template-tile"
      data-template-uuid={template.uuid}
      data-own-pictures={own !== null}
      data-pages={sheet.pageCount}
    >
      <span className="template-tile__frame">
        <LazyImage
          className="template-tile__image"
          src={own ?? previewUrl(template)}
          responsive={own ? null : previewSources(template)}
          alt=""
          width={sheet.widthMm}
          height={sheet.heightMm}
          priority={priority}
        />
      </span>
      <span className="template-tile__name">{name}</span>
    </Link>
  );
}
