import { useCallback, useEffect, useState } from 'react';

/** Spec: 4 slides, forward every 3500 ms, wrapping around. */
export const SLIDE_INTERVAL_MS = 3500;

export const SLIDES = [
  { image: '/banners/1.webp', title: 'New season, new favourites', text: 'Fresh arrivals across every category.' },
  { image: '/banners/2.webp', title: 'Free delivery on big days', text: 'Many items ship free. Pay when it arrives.' },
  { image: '/banners/3.webp', title: 'Gadgets that just work', text: 'Headphones, phones and more, hand-picked.' },
  { image: '/banners/4.webp', title: 'Make home lovely', text: 'Kitchen, décor and everyday comforts.' },
] as const;

/** Next and previous slide, wrapping around. */
export const nextSlide = (index: number, count: number) => (index + 1) % count;
export const previousSlide = (index: number, count: number) => (index - 1 + count) % count;

export function Carousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = SLIDES.length;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((current) => nextSlide(current, count)), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const previous = useCallback(() => setIndex((current) => previousSlide(current, count)), [count]);
  const next = useCallback(() => setIndex((current) => nextSlide(current, count)), [count]);

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
      {SLIDES.map((slide, position) => (
        <div
          key={slide.image}
          className="carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${position + 1} of ${count}`}
          aria-hidden={position !== index}
          data-active={position === index}
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
          <div className="carousel__caption">
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
          </div>
        </div>
      ))}
      <button type="button" className="carousel__control carousel__control--prev" onClick={previous} aria-label="Previous slide">
        ‹
      </button>
      <button type="button" className="carousel__control carousel__control--next" onClick={next} aria-label="Next slide">
        ›
      </button>
      <div className="carousel__dots" aria-hidden="true">
        {SLIDES.map((slide, position) => (
          <span key={slide.image} className="carousel__dot" data-active={position === index} />
        ))}
      </div>
      <p className="visually-hidden" aria-live={paused ? 'polite' : 'off'}>
        Slide {index + 1} of {count}: {SLIDES[index]?.title}
      </p>
    </section>
  );
}
