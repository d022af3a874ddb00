import { type FocusEvent, type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentImageSources } from '../../../../shop/index.ts';
import { LazyImage } from '../../../ui/LazyImage.tsx';
import { SmartLink } from '../../../ui/SmartLink.tsx';
import type { ModuleOf } from '../types.ts';
import { useSwipe } from './useSwipe.ts';

/** S0 §9: slides advance every 5 s unless the module says otherwise. */
const DEFAULT_DURATION_S = 5;

export function SliderModule({ module }: { module: ModuleOf<'Slider'> }) {
  const { t } = useTranslation();
  const { slides } = module;
  const count = slides.length;
  const [chosen, setChosen] = useState(0);
  const [paused, setPaused] = useState(false);
  const index = count > 0 ? chosen % count : 0;
  const durationMs = (module.duration ?? DEFAULT_DURATION_S) * 1000;

  const go = (next: number) => setChosen(((next % count) + count) % count);
  const swipe = useSwipe({ onLeft: () => go(index + 1), onRight: () => go(index - 1) });

  // Re-armed on every change of slide, so a manual choice gets a full period before the next advance.
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setTimeout(() => setChosen((index + 1) % count), durationMs);
    return () => window.clearTimeout(timer);
  }, [index, count, durationMs, paused]);

  // Keyboard users reading a slide should not have it taken away; taps and clicks do not pause.
  const onFocus = (event: FocusEvent) => setPaused(event.target.matches(':focus-visible'));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
  };
  const onDragStart = (event: MouseEvent) => event.preventDefault();

  if (count === 0) return null;
  return (
    <section
      className="slider"
      data-testid="slider"
      aria-roledescription="carousel"
      aria-label={t('slider.label')}
      onFocus={onFocus}
      onBlur={onBlur}
      onDragStart={onDragStart}
      {...swipe}
    >
      <div className="slider-viewport">
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and keep their order
              key={i}
              className={active ? 'slide active' : 'slide'}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slider.position', { number: i + 1, count })}
              aria-current={active ? 'true' : undefined}
              inert={!active}
            >
              <LazyImage
                className="slide-background"
                src={slide.background}
                alt=""
                width={800}
                height={400}
                priority={i === 0}
                responsive={contentImageSources(slide.background, slide.width)}
              />
              <div className="slide-content">
                {slide.title && <h2 className="slide-title">{slide.title}</h2>}
                {slide.text && <p className="slide-text">{slide.text}</p>}
                {slide.button && (
                  <SmartLink className="button slide-button" href={slide.button.link}>
                    {slide.button.text}
                  </SmartLink>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="slider-dots">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              key={i}
              type="button"
              className="slider-dot"
              data-testid="slider-dot"
              aria-label={t('slider.goTo', { number: i + 1 })}
              aria-pressed={i === index}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
