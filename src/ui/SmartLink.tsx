import type { ReactNode } from 'react';
import { Link, useHref } from 'react-router';

/** A path of this app (`/products`), as opposed to another site or a protocol-relative `//host` URL. */
export function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

interface SmartLinkProps {
  href: string;
  newWindow?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'data-testid'?: string;
}

/** Internal paths navigate inside the app; anything else is an ordinary link. */
export function SmartLink({ href, newWindow, className, children, onClick, ...rest }: SmartLinkProps) {
  const internal = isInternalPath(href);
  // A new window cannot share the router, so it needs the full path including the basename.
  const routedHref = useHref(internal ? href : '/');
  if (internal && !newWindow) {
    return (
      <Link to={href} className={className} onClick={onClick} data-testid={rest['data-testid']}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={internal ? routedHref : href}
      className={className}
      onClick={onClick}
      data-testid={rest['data-testid']}
      {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
