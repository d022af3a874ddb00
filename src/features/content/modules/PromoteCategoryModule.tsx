import { promotedCategories } from '../../../../shop/index.ts';
import { LazyImage } from '../../../ui/LazyImage.tsx';
import { CategoryLink } from '../../products/shared.ts';
import type { ModuleOf } from '../types.ts';

export function PromoteCategoryModule({ module }: { module: ModuleOf<'PromoteCategory'> }) {
  return (
    <section className="promote-category">
      {module.title && <h2 className="content-title">{module.title}</h2>}
      <ul className="tile-grid">
        {promotedCategories(module.categories).map((category) => (
          <li key={`${category.type}/${category.category}`}>
            <CategoryLink category={category} className="category-tile" testId="category-tile">
              <LazyImage className="tile-image" src={category.image} alt="" width={400} height={300} />
              <span className="tile-title">{category.title}</span>
            </CategoryLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
