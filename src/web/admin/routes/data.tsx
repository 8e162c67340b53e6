import { DownloadButton } from '../../components/ui/download-button.tsx';
import { usePageTitle } from '../../components/ui/page-title.ts';
import { backupFile } from '../../features/data/api/download-backup.ts';
import { productsCsv } from '../../features/data/api/export-products.ts';
import { CatalogueImport } from '../../features/data/components/catalogue-import.tsx';
import { OrdersExport } from '../../features/data/components/orders-export.tsx';

/** Data: the shop's data for its owner: the catalogue and orders as CSV, a catalogue import, a backup. */
export default function AdminDataRoute() {
  usePageTitle('Dashboard - Data');
  return (
    <>
      <div className="admin-header">
        <h1>Data</h1>
        <p className="muted">The shop&apos;s data is yours: take it out as files, edit the catalogue in a spreadsheet and bring it back.</p>
      </div>

      <section className="card panel data-panel" aria-labelledby="data-export-heading">
        <h2 id="data-export-heading">Export</h2>
        <div className="data-panel__columns">
          <div className="data-block">
            <h3>Catalogue</h3>
            <p className="muted">Every product as CSV (UTF-8, opens in any spreadsheet program): edit it and import it below.</p>
            <DownloadButton file={productsCsv()}>Export products (CSV)</DownloadButton>
          </div>
          <div className="data-block">
            <h3>Orders for accounting</h3>
            <p className="muted">One row per order line: the order, its buyer and status, the product, quantity and prices.</p>
            <OrdersExport />
          </div>
        </div>
      </section>

      <section className="card panel data-panel" aria-labelledby="data-import-heading">
        <h2 id="data-import-heading">Import the catalogue</h2>
        <p className="muted">
          Check the file first: the check changes nothing and lists what each row would do. A file with an error changes nothing.
        </p>
        <CatalogueImport />
      </section>

      <section className="card panel data-panel" aria-labelledby="data-backup-heading">
        <h2 id="data-backup-heading">Backup</h2>
        <p className="muted">
          One file with the whole shop: categories, products and photos, users, orders and settings. Keep it somewhere safe;{' '}
          <code>npm run restore -- FILE</code> loads it into an empty database.
        </p>
        <DownloadButton file={backupFile()}>Download a backup</DownloadButton>
      </section>
    </>
  );
}
