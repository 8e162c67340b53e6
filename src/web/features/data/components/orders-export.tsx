import { useState } from 'react';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { FieldMessages } from '../../../components/ui/schema-form.tsx';
import { ordersCsv, type OrdersRange, rangeAccepted } from '../api/export-orders.ts';
import './data.css';
import '../../../components/ui/form-fields.css';

/** Orders for accounting: a range of days (either side may stay open) and the CSV of their lines. */
export function OrdersExport() {
  const [range, setRange] = useState<OrdersRange>({ from: '', to: '' });
  const wrong = rangeAccepted(range) ? undefined : 'The last day must not be before the first day.';
  return (
    <div className="orders-export">
      <div className="orders-export__range">
        <div className="field">
          <label htmlFor="orders-from">From</label>
          <input
            id="orders-from"
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="orders-to">To</label>
          <input
            id="orders-to"
            type="date"
            value={range.to}
            min={range.from || undefined}
            aria-invalid={wrong ? true : undefined}
            aria-describedby={wrong ? 'orders-to-error' : undefined}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
          <FieldMessages id="orders-to" error={wrong} />
        </div>
      </div>
      <p className="field__hint" id="orders-range-hint">
        Both days included, in the shop&apos;s time zone. Leave a day empty to have no limit on that side.
      </p>
      <DownloadButton file={ordersCsv(range)} disabled={Boolean(wrong)} describedBy="orders-range-hint">
        Export orders (CSV)
      </DownloadButton>
    </div>
  );
}
