import { useCallback, useEffect, useState } from 'react';
import type { Banner } from '../../../../contract/shop-content.ts';
import { ShopLink } from '../../../components/ui/shop-link.tsx';

/** Spec: forward every 3500 ms, wrapping around (the demo shop has 4 slides; the owner's banners are the slides). */
export const SLIDE_INTERVAL_MS = 3500;

/** Next and previous slide, wrapping around. */
export const nextSlide = (index: number, count: number) => (index + 1) % count;
export const previousSlide = (index: number, count: number) => (index - 1 + count) % count;

/** The owner's home banners as a carousel; nothing when there are none. */
export function Carousel({ banners }: { banners: readonly Banner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => nextSlide(current, count)), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const previous = useCallback(() => setIndex((current) => previousSlide(current, count)), [count]);
  const next = useCallback(() => setIndex((current) => nextSlide(current, count)), [count]);

  if (count === 0) return null;
  const active = index % count;
  const current = banners[active];
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {banners.map((slide, position) => (
        <div
          key={slide._id}
          className="carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${position + 1} of ${count}`}
          // Inert, not only hidden: a hidden slide's link must not take the keyboard's focus.
          inert={position !== active}
          data-active={position === active}
        >
          {/* The first banner is the home page's largest paint: fetched first, never lazily. */}
          <img
            src={slide.image}
            alt=""
            width={1200}
            height={400}
            loading={position === 0 ? 'eager' : 'lazy'}
            fetchPriority={position === 0 ? 'high' : 'low'}
          />
          {slide.heading || slide.text ? (
            <div className="carousel__caption">
              {slide.heading ? (
                <h2>{slide.link ? <ShopLink to={slide.link}>{slide.heading}</ShopLink> : slide.heading}</h2>
              ) : null}
              {slide.text ? <p>{slide.text}</p> : null}
            </div>
          ) : null}
        </div>
      ))}
      {count > 1 ? (
        <>
          <button type="button" className="carousel__control carousel__control--prev" onClick={previous} aria-label="Previous slide">
            ‹
          </button>
          <button type="button" className="carousel__control carousel__control--next" onClick={next} aria-label="Next slide">
            ›
          </button>
          <div className="carousel__dots" aria-hidden="true">
            {banners.map((slide, position) => (
              <span key={slide._id} className="carousel__dot" data-active={position === active} />
            ))}
          </div>
          <p className="visually-hidden" aria-live={paused ? 'polite' : 'off'}>
            Slide {active + 1} of {count}: {current?.heading}
          </p>
        </>
      ) : null}
    </section>
  );
}
