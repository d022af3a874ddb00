/**
 * HTML an editor wrote (content pages, payment option texts), as the server serves it: sanitised
 * there (server/services/storefront/safeHtml.ts), so the app carries no sanitiser of its own.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it is served
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
