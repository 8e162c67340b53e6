import { ORDER_STATUS_LABELS } from '../../../domain/order-status.ts';
import { fullDate } from '../../lib/time-since.ts';
import type { OrderHistoryStep } from '../api/get-order.ts';
import './order-history.css';

/** An order's life, oldest first: placed, then each status change with who made it and when. */
export function OrderHistory({ steps }: { steps: OrderHistoryStep[] }) {
  if (steps.length === 0) return <p className="muted">No history was recorded for this order.</p>;
  return (
    <ol className="order-history">
      {steps.map((step, index) => (
        <li key={`${step.at}-${index}`} className="order-history__step">
          <span className="order-history__what">
            {step.event === 'placed' ? (
              'Placed'
            ) : (
              <>
                {step.from ? `${ORDER_STATUS_LABELS[step.from]} → ` : ''}
                <strong>{ORDER_STATUS_LABELS[step.status]}</strong>
              </>
            )}
          </span>{' '}
          <span className="order-history__meta">
            by {step.by} · <time dateTime={step.at}>{fullDate(step.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
