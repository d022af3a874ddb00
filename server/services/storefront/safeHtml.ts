/**
 * HTML an editor wrote (content pages, payment option texts) is sanitised here, on the server, before
 * it is served: the app only inserts what this lets through, and the start page's JavaScript carries
 * no sanitiser (issue 15).
 */
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with its CSS parser) is loaded on the first page it cleans, not with the server:
 * about 13 MB a process that serves no content page never needs.
 */
let loaded: { sanitize: typeof sanitizeHtml; options: sanitizeHtml.IOptions } | null = null;
function sanitizer() {
  if (loaded) return loaded;
  const sanitize = createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
  loaded = { sanitize, options: { ...OPTIONS, allowedTags: allowedTags(sanitize) } };
  return loaded;
}

const allowedTags = (sanitize: typeof sanitizeHtml) => [
  ...sanitize.defaults.allowedTags.filter((tag) => tag !== 'style'),
  'img',
  'picture',
  'source',
];

const OPTIONS: Omit<sanitizeHtml.IOptions, 'allowedTags'> = {
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class', 'id', 'lang', 'dir', 'aria-label', 'aria-hidden', 'role'],
  },
  // javascript:, data: and vbscript: addresses are dropped (the attribute goes, the text stays).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // A script's or style's text is removed with it, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // A new window must not get the opener: the page it opens could navigate this shop away.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Content HTML with everything executable removed: scripts, handlers, styles and script addresses. */
export function sanitizeContentHtml(html: string): string {
  const { sanitize, options } = sanitizer();
  return sanitize(html, options);
}
