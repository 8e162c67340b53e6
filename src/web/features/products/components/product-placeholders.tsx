import './product-placeholders.css';

/** Grey bars where a card's text will be (widths vary so the grid does not read as stripes). */
function Bar({ width, tall = false }: { width: string; tall?: boolean }) {
  return <span className={`placeholder-bar${tall ? ' placeholder-bar--tall' : ''}`} style={{ width }} />;
}

/** A product card's shape while its data loads: the same classes, so the same size, as ProductCard. */
function ProductCardPlaceholder({ index }: { index: number }) {
  return (
    <div className="card product-card product-card--placeholder" aria-hidden="true">
      <div className="product-card__media" />
      <div className="product-card__body">
        <Bar width={index % 2 ? '70%' : '85%'} tall />
        <Bar width="35%" />
        <Bar width="95%" />
        <div className="product-card__actions">
          <span className="btn btn--secondary placeholder-button" />
          <span className="btn placeholder-button" />
        </div>
      </div>
    </div>
  );
}

/** The product grid while a list loads: placeholder cards of the final size (no spinner, no jump). */
export function ProductGridPlaceholder({ label, count = 8 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="loading-placeholder">
      <span className="visually-hidden">{label}</span>
      <ul className="product-grid">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <ProductCardPlaceholder index={index} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The product page while it loads: its photo square and text lines where they will be. */
export function ProductDetailsPlaceholder() {
  return (
    <div role="status" aria-live="polite" data-testid="loading-placeholder">
      <span className="visually-hidden">Loading product</span>
      <div className="card product-details product-details--placeholder" aria-hidden="true">
        <div className="product-details__media" />
        <div className="product-details__info">
          <Bar width="75%" tall />
          <Bar width="30%" tall />
          <Bar width="20%" />
          <Bar width="100%" />
          <Bar width="92%" />
          <Bar width="60%" />
          <span className="btn placeholder-button" />
        </div>
      </div>
    </div>
  );
}
