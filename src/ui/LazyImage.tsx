import { type CSSProperties, type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import type { ContentImageSources } from '../../shop/index.ts';
import { observeNearViewport } from './nearViewport.ts';

/** S0 §9: a failed picture is tried again after 2 s; a few times, not for ever. */
export const RETRY_DELAY_MS = 2000;
const MAX_RETRIES = 5;

export interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Intrinsic size: reserves the box (aspect ratio) before the picture arrives. */
  width?: number;
  height?: number;
  /**
   * The screen's largest picture (the first slide): asked for at once and first, never lazily, so it
   * is not the last thing the first screen waits for.
   */
  priority?: boolean;
  /** Sizes for the screen (shop/contentImages.ts): AVIF and WebP sources, a JPEG srcset. */
  responsive?: ContentImageSources | null;
}

/** `retry=N` busts caches and proxies that may have kept the failed answer. */
export function withRetry(src: string, attempt: number): string {
  if (attempt === 0) return src;
  const hashAt = src.indexOf('#');
  const base = hashAt >= 0 ? src.slice(0, hashAt) : src;
  const hash = hashAt >= 0 ? src.slice(hashAt) : '';
  const cleaned = base.replace(/([?&])retry=\d+(&|$)/, (_m, lead: string, tail: string) =>
    tail ? lead : '',
  );
  return `${cleaned}${cleaned.includes('?') ? '&' : '?'}retry=${attempt}${hash}`;
}

/**
 * The retry state of one picture (S0 §4: a failed picture is tried again after 2 s, a few times):
 * the address to load now and the handlers for its <img>. A new `src` starts over.
 */
export function useRetryingSrc(src: string, delayMs = RETRY_DELAY_MS) {
  const [state, setState] = useState({ src, attempt: 0, loaded: false, failed: false });
  // A new picture starts over (derived during render, so the old picture's state never shows).
  const current = state.src === src ? state : { src, attempt: 0, loaded: false, failed: false };
  if (current !== state) setState(current);
  const { attempt, loaded, failed } = current;

  useEffect(() => {
    if (!failed || attempt >= MAX_RETRIES) return;
    const timer = window.setTimeout(() => {
      setState((s) => ({ ...s, attempt: s.attempt + 1, failed: false }));
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [failed, attempt, delayMs]);

  return {
    /** Changes with every attempt: use it as the <img>'s key so a retry is a new request. */
    attempt,
    loaded,
    failed,
    src: withRetry(src, attempt),
    onLoad: () => setState((s) => ({ ...s, loaded: true })),
    onError: () => setState((s) => ({ ...s, failed: true })),
  };
}

export function LazyImage({
  src,
  alt,
  className,
  width,
  height,
  priority = false,
  responsive = null,
}: LazyImageProps) {
  const boxRef = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(priority);
  const image = useRetryingSrc(responsive?.src ?? src);
  const { attempt, loaded, failed } = image;

  useEffect(() => {
    const box = boxRef.current;
    if (!box || near) return;
    return observeNearViewport(box, () => setNear(true));
  }, [near]);

  const style: CSSProperties | undefined =
    width && height ? { aspectRatio: `${width} / ${height}` } : undefined;
  const classes = ['lazy-image', loaded ? 'is-loaded' : 'is-pending', priority && 'is-priority', className]
    .filter(Boolean)
    .join(' ');

  const shown = near && !failed;
  const sources = responsive?.sources.map((source) => (
    <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={responsive.sizes} />
  ));
  const img = (
    <img
      key={attempt}
      className="lazy-image__img"
      src={image.src}
      srcSet={responsive?.srcSet}
      sizes={responsive?.sizes}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={image.onLoad}
      onError={image.onError}
    />
  );
  // Until the picture is asked for, its box stands in for it, so a link around it keeps its name.
  const standIn = !shown && alt ? { role: 'img', 'aria-label': alt } : {};
  return (
    <span ref={boxRef} className={classes} style={style} {...standIn}>
      {shown &&
        (responsive ? (
          <picture key={attempt}>
            {sources}
            {img}
          </picture>
        ) : (
          img
        ))}
    </span>
  );
}

/**
 * A plain <img> that tries a failed picture again `delayMs` later, a few times (the editor's
 * pictures: S1 §4 says every 3 seconds). Takes the <img>'s own attributes.
 */
export function RetryingImg({
  src,
  delayMs,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onLoad' | 'onError'> & {
  src: string;
  delayMs?: number;
}) {
  const image = useRetryingSrc(src, delayMs);
  if (image.failed) return null;
  // biome-ignore lint/a11y/useAltText: the caller gives alt in rest
  return <img key={image.attempt} {...rest} src={image.src} onLoad={image.onLoad} onError={image.onError} />;
}
