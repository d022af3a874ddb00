import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Template } from '../../../engine/template.ts';
import { editorPath, type ListType, localised, previewUrl } from '../../../shop/templateList.ts';
import { LazyImage } from '../../ui/LazyImage.tsx';

/** A template's preview and name, linking to its editor (S1 §2). */
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
  return (
    <Link
      to={editorPath(type, category, template)}
      className={template.separateFromBackground ? 'template-tile is-lifted' : 'template-tile'}
      data-testid="template-tile"
      data-template-uuid={template.uuid}
    >
      <span className="template-tile__frame">
        <LazyImage
          className="template-tile__image"
          src={previewUrl(template)}
          alt=""
          width={template.dimensions.width}
          height={template.dimensions.height}
        />
      </span>
      <span className="template-tile__name">{name}</span>
    </Link>
  );
}
