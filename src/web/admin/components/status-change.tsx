import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MAILED_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/order-status.ts';
import type { ShopOrder } from '../../features/orders/api/get-orders.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useSetOrderStatuses, useUndoOrderStatuses } from '../api/bulk-order-status.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import './status-change.css';

type Target = Pick<ShopOrder, '_id' | 'status' | 'payment' | 'buyer'>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const isMailed = (status: OrderStatus) => (MAILED_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * What setting `status` on these orders will do, in the owner's words: who is mailed, what stock moves,
 * what cannot be undone. One sentence per consequence.
 */
export function consequences(orders: Target[], status: OrderStatus): string[] {
  const moving = orders.filter((order) => order.status !== status);
  const label = ORDER_STATUS_LABELS[status];
  if (moving.length === 0) return [`${orders.length === 1 ? 'The order is' : 'These orders are'} ${label} already: nothing changes.`];
  const said: string[] = [];
  if (moving.length < orders.length) said.push(`${plural(orders.length - moving.length, 'order is', 'orders are')} ${label} already and stay as they are.`);
  if (isMailed(status)) {
    said.push(
      moving.length === 1
        ? `${moving[0]?.buyer.name ?? 'The customer'} gets one e-mail saying the order is ${label}.`
        : `Each of the ${moving.length} customers gets one e-mail saying their order is ${label} (${plural(moving.length, 'e-mail')}).`,
    );
  } else said.push('The customer is not e-mailed.');
  if (status === 'cancelled') {
    said.push(moving.length === 1 ? 'Its items go back in stock.' : 'Their items go back in stock.');
    if (moving.some((order) => order.payment.success)) said.push('A paid order is refunded in full; a refund cannot be undone.');
  } else if (moving.some((order) => order.status === 'cancelled')) {
    said.push('A cancelled order is reopened: its items are taken from stock again.');
  }
  if (status === 'delivered' && moving.some((order) => order.payment.method === 'cash_on_delivery')) said.push('A cash on delivery order counts as paid once delivered.');
  said.push('You can undo it for a few seconds: no e-mail leaves before then.');
  return said;
}

interface Asking {
  orders: Target[];
  status: OrderStatus;
  /** Called once the question is over: cancelled, refused or done. */
  onSettled?: (() => void) | undefined;
}

interface Undoable {
  ids: string[];
  message: string;
  /** When the undo ends (the server's `undoUntil`, in this browser's clock). */
  until: number;
}

/** A bar at the foot of the screen: what was done, and Undo until the window ends (Escape dismisses it). */
function UndoBar({ undo, onDone }: { undo: Undoable; onDone: () => void }) {
  const mutation = useUndoOrderStatuses();
  const button = useRef<HTMLButtonElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((undo.until - now) / 1000));

  useEffect(() => {
    button.current?.focus();
  }, []);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0 && !mutation.isPending) onDone();
  }, [left, mutation.isPending, onDone]);

  return (
    <div className="undo-bar" role="status" onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <p>
        {undo.message}. <span className="undo-bar__left">E-mails leave in {left} s.</span>
      </p>
      <button
        ref={button}
        type="button"
        className="btn btn--secondary btn--sm"
        aria-busy={mutation.isPending}
        onClick={() => {
          if (mutation.isPending) return;
          mutation.mutate(undo.ids, {
            onSuccess: (answer) => {
              const refused = answer.results.filter((result) => result.outcome === 'refused');
              if (refused.length > 0) notify.error(`${answer.message}: ${refused[0]?.message ?? ''}`);
              else notify.success(`Undone: ${answer.message}`);
            },
            onError: (error) => notify.error(errorMessage(error)),
            onSettled: onDone,
          });
        }}
      >
        Undo
      </button>
    </div>
  );
}

/**
 * Changing orders' status the careful way: `ask` opens a confirmation saying exactly what will happen
 * (e-mails, stock, refunds); once confirmed, the server holds the mails for its undo window and a bar
 * offers Undo until then. Render `element` once where the dialog and the bar may show.
 */
export function useStatusChange(): { ask: (orders: Target[], status: OrderStatus, onSettled?: () => void) => void; element: ReactNode; busy: boolean } {
  const change = useSetOrderStatuses();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [undo, setUndo] = useState<Undoable | null>(null);

  const confirm = () => {
    if (!asking) return;
    const ids = asking.orders.map((order) => order._id);
    change.mutate(
      { ids, status: asking.status },
      {
        onSuccess: (answer) => {
          const refused = answer.results.filter((result) => result.outcome === 'refused');
          for (const result of refused.slice(0, 3)) notify.error(`Order #${result._id}: ${result.message}`);
          const undoable = answer.results.filter((result) => result.undoUntil !== null);
          if (undoable.length > 0) {
            const until = Math.max(...undoable.map((result) => Date.parse(result.undoUntil ?? '')));
            setUndo({ ids: undoable.map((result) => result._id), message: answer.message, until });
          } else if (refused.length === 0) notify.success(answer.message);
          asking.onSettled?.();
          setAsking(null);
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          asking.onSettled?.();
          setAsking(null);
        },
      },
    );
  };

  const label = asking ? ORDER_STATUS_LABELS[asking.status] : '';
  const element = (
    <>
      {asking ? (
        <ConfirmDialog
          title={asking.orders.length === 1 ? `Mark order #${asking.orders[0]?._id ?? ''} ${label}?` : `Mark ${asking.orders.length} orders ${label}?`}
          confirmLabel={`Mark ${label}`}
          busyLabel="Saving…"
          busy={change.isPending}
          onConfirm={confirm}
          onCancel={() => {
            asking.onSettled?.();
            setAsking(null);
          }}
        >
          <ul className="status-change__consequences">
            {consequences(asking.orders, asking.status).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </ConfirmDialog>
      ) : null}
      {undo ? <UndoBar key={undo.ids.join(',') + String(undo.until)} undo={undo} onDone={() => setUndo(null)} /> : null}
    </>
  );
  return { ask: (orders, status, onSettled) => setAsking({ orders, status, onSettled }), element, busy: change.isPending };
}
