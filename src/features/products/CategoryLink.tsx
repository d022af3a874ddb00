import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../../shop/index.ts';
import { categoryTarget } from '../../../shop/index.ts';

interface CategoryLinkProps {
  category: Pick<Category, 'type' | 'category' | 'link'>;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A category leads to a screen of this app or to another site (S0 §2, products page). */
export function CategoryLink({ category, className, testId, children }: CategoryLinkProps) {
  const target = categoryTarget(category);
  return target.kind === 'internal' ? (
    <Link to={target.to} className={className} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <a href={target.href} className={className} data-testid={testId}>
      {children}
    </a>
  );
}
