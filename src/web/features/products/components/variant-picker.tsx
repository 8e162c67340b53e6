import type { ProductVariantsResponse, VariantWire } from '../../../../contract/variants.ts';
import { pickVariant, valueState } from '../../../../domain/variants.ts';
import { swatchColours } from '../swatch-colours.ts';
import './variant-picker.css';

/**
 * One row of buttons per option; a value that no variant has with the choices before it, or only sold out,
 * is disabled (sold out ones say so). An option named Colour whose values are all colours shows swatches:
 * the same buttons, named by their words for screen readers (and a tooltip), struck through when sold out.
 */
export function VariantPicker({
  options,
  variants,
  selected,
  onSelect,
}: {
  options: ProductVariantsResponse['options'];
  variants: VariantWire[];
  selected: VariantWire;
  onSelect: (variant: VariantWire) => void;
}) {
  return (
    <div className="variant-picker">
      {options.map((option, o) => {
        const swatches = swatchColours(option.name, option.values);
        return (
          <fieldset key={option.name} className="variant-picker__option">
            <legend>
              {option.name}: <strong>{selected.options[o]}</strong>
            </legend>
            <div className="variant-picker__values">
              {option.values.map((value, v) => {
                const state = valueState(variants, selected.options, o, value);
                const chosen = selected.options[o] === value;
                const swatch = swatches?.[v];
                return (
                  <button
                    key={value}
                    type="button"
                    className={`variant-picker__value${swatch ? ' variant-picker__value--swatch' : ''}${state === 'sold-out' ? ' variant-picker__value--sold-out' : ''}`}
                    title={swatch ? value : undefined}
                    aria-pressed={chosen}
                    disabled={!chosen && state !== 'available'}
                    onClick={() => {
                      const next = pickVariant(variants, selected.options, o, value);
                      if (next) onSelect(next);
                    }}
                  >
                    {swatch ? (
                      <>
                        <span className="variant-picker__swatch" style={{ background: swatch }} aria-hidden="true" />
                        <span className="visually-hidden">{value}</span>
                      </>
                    ) : (
                      value
                    )}
                    {state === 'sold-out' ? <span className="visually-hidden"> (sold out)</span> : null}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
