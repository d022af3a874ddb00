/**
 * HTML an editor wrote (content pages, payment option texts) is sanitised here, on the server, before
 * it is served: the app only inserts what this lets through, and the start page's JavaScript carries
 * no sanitiser (issue 15).
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
  'img',
  'picture',
  'source',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
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
  return sanitizeHtml(html, OPTIONS);
}
